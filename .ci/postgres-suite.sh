#!/usr/bin/env bash
# Runs the command-line acceptance suite again on a throwaway PostgreSQL server (issue 6: several rink PCs share
# one PostgreSQL league). As root: initdb and pg_ctl run as the postgres user, in a temporary folder, on 127.0.0.1.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
pg_bin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)
if [ "$(id -u)" != 0 ] || [ -z "$pg_bin" ]; then
    echo "PostgreSQL suite skipped: needs root and PostgreSQL's server binaries" >&2
    exit 0
fi
pg_dir=$(mktemp -d)
chown postgres "$pg_dir"
port=$(.venv/bin/python -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
as_pg() { su postgres -s /bin/sh -c "$*"; }
as_pg "$pg_bin/initdb -D $pg_dir/data --auth=trust -U postgres -E UTF8" >/dev/null
as_pg "$pg_bin/pg_ctl -D $pg_dir/data -l $pg_dir/log -w -o '-p $port -k $pg_dir -c listen_addresses=127.0.0.1' start" \
    >/dev/null
trap 'as_pg "$pg_bin/pg_ctl -D $pg_dir/data -m immediate stop" >/dev/null 2>&1 || true; rm -rf "$pg_dir"' EXIT
SCOREKEEPER_TEST_PG="postgresql://postgres@127.0.0.1:$port" QT_QPA_PLATFORM=offscreen \
    .venv/bin/python -m pytest -q -p no:cacheprovider tests/scorekeeper/acceptance
