/**
 * A media type's essence, `type/subtype` lower-cased without its parameters (RFC 9110 §8.3.1: the type and subtype
 * are case-insensitive, parameters follow `;`). Spring writes `application/json;charset=UTF-8`, Azure Batch
 * `application/json; odata=minimalmetadata`, and both are JSON. Every stage compares media types through it.
 */
export function mediaEssence(mediaType: string): string {
  return mediaType.split(';')[0]!.trim().toLowerCase();
}
