#!/bin/sh
# Measures the data commands on a store of ANIMALS animals (1,000,000 unless given), once, on this machine:
#   1. `data copy` SQLite → PostgreSQL, beside pgloader copying the same file into another schema (wall time);
#   2. the peak resident memory of `data copy` and of `data backup` (GNU time's "Maximum resident set size");
#   3. the store's read throughput (autocannon, listPets of 100) without a backup, while backups run back to back,
#      and without again.
# Needs the built server (`pnpm build`), PostgreSQL at TEST_DATABASE_URL, pgloader, psql and /usr/bin/time.
# Usage: sh apps/server/scripts/measure-data-commands.sh [ANIMALS]
set -eu
animals=${1:-1000000}
postgres=${TEST_DATABASE_URL:?set TEST_DATABASE_URL to a PostgreSQL database the script may add schemas to}
server_dir=$(cd "$(dirname "$0")/.." && pwd)
autocannon="$server_dir/../bench/node_modules/.bin/autocannon"
work=$(mktemp -d)
copy_schema="measure_copy_$$"
loader_schema="measure_pgloader_$$"
port=${MEASURE_PORT:-39417}
key=measure-data-commands-key-0123456789
server=''
backups=''
cleanup() {
  if [ -n "$backups" ]; then stop_backups; fi
  if [ -n "$server" ]; then kill "$server" 2>/dev/null || true; fi
  psql -q "$postgres" -c "drop schema if exists $copy_schema cascade; drop schema if exists $loader_schema cascade" \
    >/dev/null 2>&1 || true
  rm -rf "$work"
}
trap cleanup EXIT
cd "$server_dir"
store="$work/store.db"
in_schema() { echo "$postgres" | sed "s/?.*//"; }
with_path() { echo "$(in_schema)?options=-c%20search_path%3D$1"; }
peak_mb() { awk -F': ' '/Maximum resident set size/ { printf "%.0f", $2 / 1024 }' "$1"; }
seconds() { awk -F': ' '/Elapsed \(wall clock\)/ { n = split($2, t, ":"); s = 0; for (i = 1; i <= n; i++) s = s * 60 + t[i]; printf "%.1f", s }' "$1"; }

echo "Making a store of $animals animals in $store"
# The store's own schema, made as the server makes it at start-up (the keys command opens only an existing store).
node --input-type=module -e "
  import { openRepositories } from './dist/store/repositories.js';
  const store = await openRepositories({ kind: 'sqlite', path: '$store' });
  await store.apiKeys.create('measure');
  await store.database.close();
"
node --input-type=module -e "
  import Database from 'better-sqlite3';
  const db = new Database('$store');
  const insert = db.prepare('insert into pets (name, category_id, status) values (?, ?, ?)');
  const statuses = ['available', 'pending', 'sold', null];
  db.transaction(() => { for (let i = 1; i <= $animals; i++) insert.run('Animal ' + i, i % 97, statuses[i % 4]); })();
  db.pragma('wal_checkpoint(TRUNCATE)');
  db.close();
"
psql -q "$postgres" -c "create schema $copy_schema; create schema $loader_schema"

echo 'data copy SQLite → PostgreSQL'
DATABASE_URL="file:$store" /usr/bin/time -v -o "$work/copy.time" node dist/data-cli.js copy --to "$(with_path "$copy_schema")" \
  >"$work/copy.out"
cat "$work/copy.out"

echo 'pgloader, the same file into another schema'
cat >"$work/load.pgloader" <<LOAD
LOAD DATABASE FROM sqlite://$store INTO $(in_schema)
  WITH include drop, create tables, create indexes, reset sequences
  SET PostgreSQL PARAMETERS search_path to '$loader_schema';
LOAD
/usr/bin/time -v -o "$work/pgloader.time" pgloader --quiet "$work/load.pgloader" >"$work/pgloader.out" 2>&1 ||
  { cat "$work/pgloader.out"; exit 1; }
psql -qtA "$postgres" -c "select 'pgloader copied ' || count(*) || ' animals' from $loader_schema.pets"

echo 'data backup (nothing serving)'
DATABASE_URL="file:$store" /usr/bin/time -v -o "$work/backup.time" node dist/data-cli.js backup "$work/backup.db" >/dev/null
rm "$work/backup.db"

echo 'read throughput: listPets of 100, 20 connections, 15 s each: without, during backups, twice'
NODE_ENV=production PORT=$port DATABASE_URL="file:$store" API_KEYS=$key RATE_LIMIT_PER_MINUTE=100000000 LOG_LEVEL=warn \
  node dist/main.js >"$work/server.log" 2>&1 &
server=$!
for _ in $(seq 1 100); do
  if curl -sf "http://127.0.0.1:$port/healthz" >/dev/null; then break; fi
  sleep 0.2
done
read_rate() {
  "$autocannon" -j -c 20 -d 15 -H "authorization=Bearer $key" "http://127.0.0.1:$port/v1/pets?limit=100" 2>/dev/null |
    node -e 'let s="";process.stdin.on("data",d=>s+=d).on("end",()=>{const r=JSON.parse(s);console.log(r.non2xx ? "non2xx" : r.requests.average)})'
}
backups_during() { # backups back to back in the background, until stopped
  (
    n=0
    while :; do
      n=$((n + 1))
      DATABASE_URL="file:$store" node dist/data-cli.js backup "$work/during-$n.db" >/dev/null
      echo "$n" >>"$work/backups-done"
      rm -f "$work/during-$n.db"
    done
  ) &
  backups=$!
}
stop_backups() { # the loop, then the backup it runs, so that none runs into the next round
  running=$(pgrep -P "$backups" || true)
  kill "$backups" 2>/dev/null || true
  for child in $running; do kill "$child" 2>/dev/null || true; done
  wait "$backups" 2>/dev/null || true
  backups=''
}
# Alternated, so that the machine's other load falls on both sides alike.
: >"$work/backups-done"
without=''
during=''
for round in 1 2; do
  without="$without $(read_rate)"
  backups_during
  during="$during $(read_rate)"
  stop_backups
done
echo
echo "Figures ($animals animals; $(nproc) CPUs, shared):"
echo "  data copy SQLite → PostgreSQL: $(seconds "$work/copy.time") s, peak RSS $(peak_mb "$work/copy.time") MB"
echo "  pgloader, same file:           $(seconds "$work/pgloader.time") s, peak RSS $(peak_mb "$work/pgloader.time") MB"
echo "  data backup:                   $(seconds "$work/backup.time") s, peak RSS $(peak_mb "$work/backup.time") MB"
echo "  listPets req/s without a backup:$without; during backups ($(wc -l <"$work/backups-done") completed):$during"
echo "$without|$during" | awk -F'|' '{ split($1, w, " "); split($2, d, " "); sw = 0; sd = 0
  for (i in w) sw += w[i]; for (i in d) sd += d[i]; printf "  during ÷ without: %.2f\n", sd / sw }'
