// The configuration of a process entry point (API, MCP stdio): a bad environment ends the process
// with its message on stderr and exit code 2, before anything is opened.
import { type Config, ConfigError, loadConfig } from '../config';

export function loadConfigOrExit(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(2);
    }
    throw error;
  }
}
