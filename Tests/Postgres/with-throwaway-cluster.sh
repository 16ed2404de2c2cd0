#!/bin/sh
# Runs COMMAND... URL against a throwaway PostgreSQL cluster: initdb in a temporary folder,
# loopback only, a free port, stopped and deleted afterwards (as TestCluster does for the tests).
# Postgres refuses to run as root, so as root it runs as the `postgres` user Debian's package makes.
set -eu
bin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)
[ -x "$bin/initdb" ] || { echo "no PostgreSQL server under /usr/lib/postgresql: apt-get install postgresql" >&2; exit 1; }
dir=$(mktemp -d /tmp/meshpad-pg-XXXXXX)
as=""
if [ "$(id -u)" = 0 ]; then chown postgres "$dir"; as="runuser -u postgres --"; fi
stop() { $as "$bin/pg_ctl" -D "$dir/data" -m immediate -w stop >/dev/null 2>&1 || true; rm -rf "$dir"; }
trap stop EXIT INT TERM
$as "$bin/initdb" -D "$dir/data" -U meshpad --auth=trust --no-sync --no-instructions >/dev/null
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
$as "$bin/pg_ctl" -D "$dir/data" -l "$dir/log" -w -o "-c listen_addresses=127.0.0.1 -p $port -k $dir -c fsync=off" start >/dev/null \
  || { cat "$dir/log" >&2; exit 1; }
"$@" "postgresql://meshpad@127.0.0.1:$port/postgres"
