/** Everything the CLI touches in the outside world, injectable so tests run main() in-process. */
export interface CliIO {
  stdout(text: string): void;
  stderr(text: string): void;
  cwd: string;
  env: Record<string, string | undefined>;
  /** Whether stderr is a terminal (progress is shown only there). */
  stderrIsTTY: boolean;
}

export function processIO(): CliIO {
  return {
    stdout: (text) => void process.stdout.write(text),
    stderr: (text) => void process.stderr.write(text),
    cwd: process.cwd(),
    env: process.env,
    stderrIsTTY: process.stderr.isTTY === true,
  };
}

const CI_VARIABLES = [
  'CI',
  'CONTINUOUS_INTEGRATION',
  'GITHUB_ACTIONS',
  'GITLAB_CI',
  'BUILDKITE',
  'TF_BUILD',
  'JENKINS_URL',
  'TEAMCITY_VERSION',
];

/** CI systems set at least one of these; `CI=false` / `CI=0` opt back out. */
export function isCI(env: CliIO['env']): boolean {
  return CI_VARIABLES.some((name) => {
    const value = env[name];
    return value !== undefined && value !== '' && value !== 'false' && value !== '0';
  });
}
