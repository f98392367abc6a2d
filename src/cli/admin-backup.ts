import { createBackup } from "../db/backup.ts";
import { restoreBackup, verifyBackup } from "../db/restore.ts";
import type { AdminCommand } from "./admin-command.ts";
import { str } from "./command.ts";
import { EXIT, UsageError } from "./output.ts";

const mib = (bytes: number) => `${(bytes / (1024 * 1024)).toFixed(1)} MiB`;
const n = (count: number) => count.toLocaleString("en");
const seconds = (s: number) => `${s.toFixed(1)} s`;

/** `docket admin backup`, `backup verify` and `restore`: whole-installation backups for operators. */
export const BACKUP_COMMANDS: AdminCommand[] = [
  {
    name: "backup verify",
    summary: "Prove a backup: restore it into a scratch database, check it and count it against its manifest",
    options: { server: { type: "string" } },
    positionals: ["backup"],
    examples: [
      "docket admin backup verify /var/backups/docket/docket-backup-20261126T030000Z",
      "docket admin backup verify /var/backups/docket/docket-backup-20261126T030000Z/manifest.json --json",
      "docket admin backup verify ./docket-backup-20261126T030000Z --server postgres://postgres@db.internal/postgres",
    ],
    async direct(config, v, [given], say) {
      const server =
        str(v, "server") ?? (config.database.kind === "postgres" ? config.database.url : undefined);
      if (server !== undefined && !/^postgres(ql)?:\/\//.test(server))
        throw new UsageError(`--server must be a postgres:// URL (got "${server}")`);
      const report = await verifyBackup(given!, {
        log: say,
        ...(server ? { server } : {}),
      }).catch((error: unknown) => {
        if (error instanceof Error && /a PostgreSQL server is needed/.test(error.message))
          throw new UsageError(
            "this is a PostgreSQL backup, verified by restoring it into a scratch database on a PostgreSQL server; DATABASE_URL names SQLite here, so give --server postgres://user@host/postgres",
          );
        throw error;
      });
      if (!report.ok) {
        return {
          json: report,
          exit: EXIT.error,
          text: [
            `docket: backup ${report.backup} does not check out (${report.problems.length} ${report.problems.length === 1 ? "problem" : "problems"}):`,
            ...report.problems.map((p) => `  - ${p}`),
          ].join("\n"),
        };
      }
      const m = report.migrations;
      return {
        json: report,
        text: [
          `Backup ${report.backup} checks out (verified in ${seconds(report.seconds)}).`,
          `  made by Docket ${report.service_version}, snapshot ${report.snapshot_at}`,
          `  parts: ${report.parts}, every sha256 as the manifest says`,
          `  restored into a scratch ${report.database === "sqlite" ? "SQLite file: integrity check ok" : "PostgreSQL database: pg_restore succeeded"}`,
          `  tables: ${report.tables}, rows: ${n(report.rows)}, as the manifest counts`,
          `  migrations: ${m.in_backup}${m.pending.length > 0 ? `; a restore applies ${m.pending.length} more (this version's)` : ", this version's"}`,
          report.secret_key_ids.length > 0
            ? `  a restore needs the secret key ${report.secret_key_ids.join(", ")} (DOCKET_SECRET_KEY; not in the backup)`
            : "  no sealed secrets: any secret key will do",
        ].join("\n"),
      };
    },
  },
  {
    name: "backup",
    summary: "Back up the database and local files into a new folder under DIR, while the service runs",
    options: {},
    positionals: ["dir"],
    examples: [
      "docket admin backup /var/backups/docket",
      "DATABASE_URL=postgres://docket@db/docket docket admin backup /var/backups/docket --json",
    ],
    async direct(config, _v, [dir], say) {
      const { path, manifest, seconds: took } = await createBackup(config, dir!, { log: say });
      const db = manifest.parts[0]!;
      const rows = Object.values(manifest.tables).reduce((a, b) => a + b, 0);
      const f = manifest.files;
      const warnings = [
        ...f.missing.map((k) => `  warning: file ${k} was gone when copied (deleted since the snapshot?)`),
        ...f.damaged.map(
          (k) => `  warning: file ${k} does not match the sha256 the database holds; copied as it is`,
        ),
      ];
      return {
        json: { path, seconds: took, manifest },
        text: [
          `Backed up to ${path} in ${seconds(took)}.`,
          `  database: ${manifest.database.kind === "sqlite" ? "SQLite" : "PostgreSQL"} ${manifest.database.server_version}, ${db.path} ${mib(db.bytes)}, ${Object.keys(manifest.tables).length} tables, ${n(rows)} rows, snapshot ${manifest.snapshot_at}`,
          f.included
            ? `  files: ${n(f.count)} (${mib(f.bytes)})`
            : "  files: not copied (FILE_STORE is s3: back the bucket up with its own tools)",
          ...warnings,
          manifest.secret_key.key_ids.length > 0
            ? `  secret key: NOT in the backup; a restore needs key ${manifest.secret_key.key_ids.join(", ")} (DOCKET_SECRET_KEY). Keep it apart from the backups.`
            : "  secret key: NOT in the backup (it holds no sealed secrets yet)",
          `Prove it with: docket admin backup verify ${path}`,
        ].join("\n"),
      };
    },
  },
  {
    name: "restore",
    summary: "Restore a backup into the configured database (refuses one with data unless --force)",
    options: { force: { type: "boolean" }, "dry-run": { type: "boolean" } },
    positionals: ["backup"],
    examples: [
      "docket admin restore /var/backups/docket/docket-backup-20261126T030000Z --dry-run",
      "docket admin restore /var/backups/docket/docket-backup-20261126T030000Z",
      "DATABASE_URL=postgres://docket@db/docket docket admin restore ./docket-backup-20261126T030000Z --force --json",
    ],
    async direct(config, v, [given], say) {
      const report = await restoreBackup(config, given!, {
        force: v.force === true,
        dryRun: v["dry-run"] === true,
        log: say,
      });
      if (!report.restored) {
        return {
          json: report,
          text: ["Would (nothing was changed, --dry-run):", ...report.plan.map((p) => `  ${p}`)].join("\n"),
        };
      }
      return {
        json: report,
        text: [
          `Restored ${report.backup} into ${report.target} in ${seconds(report.seconds)}: ${report.tables} tables, ${n(report.rows)} rows, as the manifest counts.`,
          report.migrations_applied.length > 0
            ? `  applied ${report.migrations_applied.length === 1 ? "the migration" : `${report.migrations_applied.length} migrations`} ${report.migrations_applied.join(", ")}`
            : "  no migrations to apply",
          report.files.note
            ? `  ${report.files.note}`
            : `  files: ${n(report.files.restored)} (${mib(report.files.bytes)}) copied`,
          ...(report.kept_as ? [`  the database it replaced is kept as ${report.kept_as}`] : []),
          "Start the service with the secret key the backup names (DOCKET_SECRET_KEY).",
        ].join("\n"),
      };
    },
  },
];
