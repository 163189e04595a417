#!/usr/bin/env bash
# Runs a command with a throwaway PostgreSQL server: installs the server from the
# distribution's packages when missing, initdb's a temporary directory, starts it on
# 127.0.0.1 (a free port; its socket in that directory, nothing else listening), creates the
# database with pg_trgm and fuzzystrmatch, exports INSTANTSEARCH_POSTGRES_URL, runs
# "$@", then stops the server and deletes the directory whatever happened.
#   scripts/with-postgres.sh swift test
set -euo pipefail

find_bin() {
    local dir
    for dir in /usr/lib/postgresql/*/bin; do
        [ -x "$dir/initdb" ] && [ -x "$dir/pg_ctl" ] && { echo "$dir"; return 0; }
    done
    return 1
}

if ! bin=$(find_bin); then
    echo "Installing the PostgreSQL server from the distribution's packages..." >&2
    sudo=""
    [ "$(id -u)" -eq 0 ] || sudo="sudo"
    export DEBIAN_FRONTEND=noninteractive
    $sudo apt-get update -qq
    # postgresql-contrib: pg_trgm and fuzzystrmatch (typo tolerance); part of the server from 10 on.
    $sudo apt-get install -y -qq --no-install-recommends postgresql postgresql-contrib >/dev/null
    bin=$(find_bin)
fi

dir=$(mktemp -d /tmp/instantsearch-pg.XXXXXX)
# initdb refuses to run as root: as root the server runs as the `postgres` account the
# package created; otherwise as ourselves.
as=()
if [ "$(id -u)" -eq 0 ]; then
    id postgres >/dev/null 2>&1 || useradd --system --no-create-home postgres
    chown postgres "$dir"
    as=(runuser -u postgres --)
fi

cleanup() {
    local status=$?
    if [ -f "$dir/data/postmaster.pid" ]; then
        "${as[@]}" "$bin/pg_ctl" -D "$dir/data" -m immediate -w stop >/dev/null 2>&1 || true
    fi
    rm -rf "$dir"
    exit $status
}
trap cleanup EXIT INT TERM

"${as[@]}" "$bin/initdb" -D "$dir/data" -U postgres -A trust -E UTF8 --locale=C.UTF-8 >"$dir/initdb.log" 2>&1 \
    || { cat "$dir/initdb.log" >&2; exit 1; }
# A free port: one nothing answers on; if another process takes it first, the start fails and
# the next candidate is tried.
started=""
for attempt in 1 2 3 4 5; do
    port=$((20000 + RANDOM % 40000))
    (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null && continue
    if "${as[@]}" "$bin/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -t 30 \
        -o "-c listen_addresses=127.0.0.1 -p $port -k $dir -c fsync=off -c full_page_writes=off" start >/dev/null; then
        started=yes
        break
    fi
done
[ -n "$started" ] || { cat "$dir/server.log" >&2; exit 1; }

"$bin/psql" -q -h 127.0.0.1 -p "$port" -U postgres -d postgres -v ON_ERROR_STOP=1 \
    -c "CREATE DATABASE instantsearch_test" >/dev/null
"$bin/psql" -q -h 127.0.0.1 -p "$port" -U postgres -d instantsearch_test -v ON_ERROR_STOP=1 \
    -c "CREATE EXTENSION pg_trgm" -c "CREATE EXTENSION fuzzystrmatch" >/dev/null

export INSTANTSEARCH_POSTGRES_URL="postgres://postgres@127.0.0.1:$port/instantsearch_test"
echo "PostgreSQL $("$bin/postgres" --version | awk '{print $3}') on $INSTANTSEARCH_POSTGRES_URL (throwaway, in $dir)" >&2
"$@"
