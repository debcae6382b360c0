/**
 * Strict validation of a config object against CONFIG_RULE. Every problem becomes a coded diagnostic with the
 * key path in the message and a JSON pointer into the config file, and all problems are collected (a CI run
 * should show every mistake at once, not one per run).
 */

import type { GeneratorConfig } from '../model/config.js';
import type { Diagnostic } from '../model/diagnostics.js';
import { isObject, pointerOf } from '../model/jsonPointer.js';
import { type ConfigCode, configDiagnostic } from './codes.js';
import { CONFIG_RULE, type Rule } from './configRules.js';
import { suggestClosest } from './editDistance.js';

/** A config file may leave out `spec` (the CLI argument gives it). */
export type UserConfig = Partial<GeneratorConfig>;

export interface ValidatedConfig {
  config: UserConfig;
  diagnostics: Diagnostic[];
}

type Path = readonly string[];

/** `jobs.batch.states["in progress"]`: readable, and unambiguous for keys that are not identifiers. */
export function formatKeyPath(path: Path): string {
  return path.map((key, i) => (/^[A-Za-z_$][\w$]*$/.test(key) ? (i === 0 ? key : `.${key}`) : `[${JSON.stringify(key)}]`)).join('');
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return typeof value === 'object' ? 'an object' : `${typeof value} ${JSON.stringify(value)}`;
}

class ConfigValidator {
  readonly diagnostics: Diagnostic[] = [];
  constructor(private readonly file: string | undefined) {}

  private report(code: ConfigCode, path: Path, message: string, help: string): void {
    const where = path.length === 0 ? 'the config' : `"${formatKeyPath(path)}"`;
    this.diagnostics.push(
      configDiagnostic(code, `${where} ${message}`, {
        help,
        pointer: pointerOf('#', ...path),
        ...(this.file !== undefined ? { file: this.file } : {}),
      }),
    );
  }

  private wrongType(path: Path, expected: string, value: unknown): false {
    this.report('MJG321', path, `must be ${expected}, got ${describe(value)}`, `Change the value to ${expected}.`);
    return false;
  }

  private checked(path: Path, value: string, check?: (v: string) => string | undefined): boolean {
    const problem = check?.(value);
    if (problem === undefined) return true;
    this.report('MJG322', path, problem, 'See the Configuration section of the README for allowed values.');
    return false;
  }

  /** Returns whether the value is valid (so callers can drop invalid entries from the result). */
  validate(value: unknown, rule: Rule, path: Path): boolean {
    switch (rule.kind) {
      case 'string':
        return typeof value === 'string' ? this.checked(path, value, rule.check) : this.wrongType(path, 'a string', value);
      case 'boolean':
        return typeof value === 'boolean' || this.wrongType(path, 'true or false', value);
      case 'integer':
        if (typeof value !== 'number' || !Number.isInteger(value)) return this.wrongType(path, 'an integer', value);
        if (value >= rule.min) return true;
        this.report('MJG322', path, `must be at least ${rule.min}`, 'Use a non-negative number of milliseconds.');
        return false;
      case 'enum':
        if (typeof value === 'string' && rule.values.includes(value)) return true;
        return this.badEnum(path, value, rule.values);
      case 'stringArray':
        if (!Array.isArray(value)) return this.wrongType(path, 'an array of strings', value);
        return value
          .map((item, i) =>
            typeof item === 'string'
              ? this.checked([...path, String(i)], item, rule.check)
              : this.wrongType([...path, String(i)], 'a string', item),
          )
          .every(Boolean);
      case 'record':
        if (!isObject(value)) return this.wrongType(path, 'an object', value);
        return Object.entries(value)
          .map(([key, item]) => this.validate(item, rule.value, [...path, key]))
          .every(Boolean);
      case 'falseOr':
        if (value === false) return true;
        if (!isObject(value)) return this.wrongType(path, 'false or an object', value);
        return this.validate(value, rule.rule, path);
      case 'booleanOr':
        if (typeof value === 'boolean') return true;
        if (!isObject(value)) return this.wrongType(path, 'true, false or an object', value);
        return this.validate(value, rule.rule, path);
      case 'object':
        return this.validateObject(value, rule, path);
    }
  }

  private badEnum(path: Path, value: unknown, values: readonly string[]): false {
    const guess = typeof value === 'string' ? suggestClosest(value, values) : undefined;
    this.report(
      'MJG322',
      path,
      `must be one of ${values.map((v) => JSON.stringify(v)).join(', ')}, got ${describe(value)}`,
      guess !== undefined ? `Did you mean "${guess}"?` : `Use one of: ${values.join(', ')}.`,
    );
    return false;
  }

  private validateObject(value: unknown, rule: Rule & { kind: 'object' }, path: Path): boolean {
    if (!isObject(value)) return this.wrongType(path, 'an object', value);
    const known = Object.keys(rule.fields);
    let ok = true;
    for (const [key, item] of Object.entries(value)) {
      const fieldRule = rule.fields[key];
      if (fieldRule === undefined) {
        const guess = suggestClosest(key, known);
        this.report(
          'MJG320',
          [...path, key],
          'is not a known key',
          `${guess !== undefined ? `Did you mean "${guess}"? ` : ''}Known keys here: ${known.join(', ')}.`,
        );
        ok = false;
      } else if (item !== undefined) {
        ok = this.validate(item, fieldRule, [...path, key]) && ok;
      }
    }
    const exempt = rule.unless !== undefined && value[rule.unless] !== undefined;
    for (const key of exempt ? [] : (rule.required ?? [])) {
      if (value[key] === undefined) {
        this.report('MJG321', [...path, key], 'is required here', `Add "${key}".`);
        ok = false;
      }
    }
    return ok;
  }
}

/**
 * Validate a raw config value (the default export of a config module, or a parsed JSON/YAML document).
 * `file` (relative to the working directory) is attached to every diagnostic.
 */
export function validateConfig(raw: unknown, file?: string): ValidatedConfig {
  const validator = new ConfigValidator(file);
  const ok = validator.validate(raw, CONFIG_RULE, []);
  return { config: ok ? (raw as UserConfig) : {}, diagnostics: validator.diagnostics };
}
