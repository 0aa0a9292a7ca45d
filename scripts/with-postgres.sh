#!/usr/bin/env bash
# Runs a command with a throwaway PostgreSQL cluster on 127.0.0.1 (Debian's postgresql package),
# exporting TEST_DATABASE_URL for it; the cluster is stopped and deleted afterwards.
# Usage: scripts/with-postgres.sh <command> [args...]
set -euo pipefail

PG_BIN=${PG_BIN:-$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)}
if [ -z "$PG_BIN" ] || [ ! -x "$PG_BIN/initdb" ]; then
  echo "with-postgres: PostgreSQL binaries not found (apt-get install -y postgresql)" >&2
  exit 1
fi
PORT=${PG_TEST_PORT:-$((20000 + RANDOM % 20000))}
DIR=$(mktemp -d /tmp/ua-pg.XXXXXX)

# initdb refuses to run as root: run the server as the postgres system user then.
as_pg() {
  # runuser lives in /usr/sbin, which a minimal PATH may leave out.
  if [ "$(id -u)" = "0" ]; then "$(command -v runuser || echo /usr/sbin/runuser)" -u postgres -- "$@"; else "$@"; fi
}
if [ "$(id -u)" = "0" ]; then chown postgres "$DIR"; fi

cleanup() {
  as_pg "$PG_BIN/pg_ctl" -D "$DIR/data" -m immediate stop >/dev/null 2>&1 || true
  rm -rf "$DIR"
}
trap cleanup EXIT

as_pg "$PG_BIN/initdb" -D "$DIR/data" -A trust -U postgres --no-sync -E UTF8 >"$DIR/initdb.log" 2>&1 || { cat "$DIR/initdb.log" >&2; exit 1; }
# Durability is pointless for a throwaway test cluster: fsync off makes CREATE DATABASE fast.
as_pg "$PG_BIN/pg_ctl" -D "$DIR/data" -l "$DIR/server.log" -w -t 60 \
  -o "-p $PORT -k $DIR -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200" \
  start >/dev/null || { cat "$DIR/server.log" >&2; exit 1; }

export TEST_DATABASE_URL="postgres://postgres@127.0.0.1:$PORT/postgres"
echo "with-postgres: PostgreSQL $("$PG_BIN/postgres" --version | awk '{print $3}') on 127.0.0.1:$PORT" >&2
set +e
"$@"
status=$?
set -e
exit $status
