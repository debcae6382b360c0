import { describe, expect, it } from 'vitest';
import { getAtPointer, pointerOf, splitPointer } from '../../../src/model/jsonPointer.js';

describe('JSON pointers', () => {
  const doc = { paths: { '/jobs/{id}': { get: { parameters: [{ name: 'id' }] } } }, 'a~b': 1, '': { x: 2 } };

  it.each([
    ['#/paths/~1jobs~1{id}/get/parameters/0/name', 'id'],
    ['#/paths/~1jobs~1%7Bid%7D/get/parameters/0', { name: 'id' }],
    ['#/a~0b', 1],
    ['#//x', 2],
    ['#', doc],
    ['#/paths/~1jobs~1{id}/get/parameters/1', undefined],
    ['#/paths/~1jobs~1{id}/get/parameters/01', undefined],
    ['#/nothing/here', undefined],
    ['#/toString', undefined],
  ])('getAtPointer(%s)', (pointer, expected) => {
    expect(getAtPointer(doc, pointer)).toEqual(expected);
  });

  it('pointerOf escapes and splitPointer unescapes', () => {
    const pointer = pointerOf('#', 'paths', '/a~b/{c}', 'get');
    expect(pointer).toBe('#/paths/~1a~0b~1{c}/get');
    expect(splitPointer(pointer)).toEqual(['paths', '/a~b/{c}', 'get']);
  });
});
