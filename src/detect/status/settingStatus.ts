/**
 * A status inside a thing's options or settings (`DomainStatus.AutoTuneOptions.State`: OpenSearch's auto-tune
 * `ENABLED | ENABLE_IN_PROGRESS | …`) is the state of one setting of the thing, switched on and off by calls of its
 * own, not the state of the thing a create brings up. It is the start's only when the start names that setting
 * (`EnableLDAPS` → `LDAPSSettingsInfo[].LDAPSStatus`; `StartServiceSoftwareUpdate` →
 * `ServiceSoftwareOptions.UpdateStatus`). Pure.
 */
import { nameTokens } from '../read/nameTokens.js';
import { type OperationName, singular } from '../read/operationNames.js';

/** Words that make an object a setting holder, and words beside them that say nothing of which. */
const SETTING_WORDS = new Set(['option', 'setting', 'preference']);
const FILLER = new Set(['info', 'detail', 'status', 'state', 'config', 'configuration']);

/** The setting `field` reports on (`auto tune`), when it sits in a setting holder the start does not name; else null. */
export function settingOfStatus(field: string, start: OperationName | null): string | null {
  const holders = field.split('.').slice(0, -1);
  for (const seg of holders) {
    const tokens = nameTokens(seg).map(singular);
    if (!tokens.some((t) => SETTING_WORDS.has(t))) continue;
    const which = tokens.filter((t) => !SETTING_WORDS.has(t) && !FILLER.has(t));
    const named = start !== null && which.length > 0 && which.every((t) => start.noun.includes(t) || start.verb === t);
    if (!named) return seg;
  }
  return null;
}
