import pino from "pino";

export type Logger = pino.Logger;

export function createLogger(level: pino.LevelWithSilent, pretty = false): Logger {
  return pino({
    level,
    redact: {
      paths: ["req.headers.cookie", "req.headers.authorization", "*.password", "*.token"],
      censor: "[redacted]",
    },
    ...(pretty
      ? {
          transport: { target: "pino-pretty", options: { colorize: true, ignore: "pid,hostname" } },
        }
      : {}),
  });
}
