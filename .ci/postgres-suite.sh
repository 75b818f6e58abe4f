#!/usr/bin/env bash
# Runs the command-line acceptance suite again on a throwaway PostgreSQL server (issue 6: several rink PCs share
# one PostgreSQL league). As root: initdb and pg_ctl run as the postgres user, in a temporary folder, on 127.0.0.1.
# Arguments, if any, replace the test selection (`bash .ci/postgres-suite.sh tests/scorekeeper/acceptance/x.py`).
# A slow, busy machine must not fail it by chance (issue 26): the server gets 300 s to start (pg_ctl's own
# default is 60 s), a port taken between choosing it and binding it is chosen again, and the server is stopped
# and its folder removed however the run ends.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
pg_bin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)
if [ "$(id -u)" != 0 ] || [ -z "$pg_bin" ]; then
    echo "PostgreSQL suite skipped: needs root and PostgreSQL's server binaries" >&2
    exit 0
fi
tests=("$@")
[ ${#tests[@]} -gt 0 ] || tests=(tests/scorekeeper/acceptance)
pg_dir=$(mktemp -d)
chown postgres "$pg_dir"
as_pg() { su postgres -s /bin/sh -c "$*"; }
stop_pg() {
    if [ -f "$pg_dir/data/postmaster.pid" ]; then
        as_pg "$pg_bin/pg_ctl -D $pg_dir/data -m immediate -w -t 300 stop" >/dev/null 2>&1 || true
    fi
    rm -rf "$pg_dir"
}
trap stop_pg EXIT
free_port() {
    .venv/bin/python -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'
}
as_pg "$pg_bin/initdb -D $pg_dir/data --auth=trust -U postgres -E UTF8" >"$pg_dir/initdb.log" 2>&1 \
    || { cat "$pg_dir/initdb.log" >&2; echo "initdb failed" >&2; exit 1; }
started=
for attempt in 1 2 3; do
    port=$(free_port)
    if as_pg "$pg_bin/pg_ctl -D $pg_dir/data -l $pg_dir/log -w -t 300 \
              -o '-p $port -k $pg_dir -c listen_addresses=127.0.0.1' start" >/dev/null; then
        started=1
        break
    fi
    echo "PostgreSQL did not start on port $port (try $attempt of 3):" >&2
    tail -n 20 "$pg_dir/log" >&2 || true
    as_pg "$pg_bin/pg_ctl -D $pg_dir/data -m immediate -w -t 300 stop" >/dev/null 2>&1 || true
done
[ -n "$started" ] || { echo "PostgreSQL did not start" >&2; exit 1; }
# pg_ctl -w has seen the server ready; it must also answer on the port the tests use.
ready_by=$((SECONDS + 300))
until "$pg_bin/pg_isready" -q -h 127.0.0.1 -p "$port" -t 10; do
    if [ "$SECONDS" -ge "$ready_by" ]; then
        tail -n 20 "$pg_dir/log" >&2 || true
        echo "PostgreSQL does not answer on 127.0.0.1:$port" >&2
        exit 1
    fi
    sleep 1
done
SCOREKEEPER_TEST_PG="postgresql://postgres@127.0.0.1:$port" QT_QPA_PLATFORM=offscreen \
    .venv/bin/python -m pytest -q -p no:cacheprovider "${tests[@]}"
