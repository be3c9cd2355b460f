#!/bin/sh
# Builds the bundle outside the checkout, moves it elsewhere, starts it with `npm start` and checks that it serves:
# /healthz, the admin app, a create and a list with the key it printed on its first start.
set -eu
checkout=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d)
server=''
# npm, the shell it starts and node: the whole tree, children first, so that none outlives the test.
stop_tree() {
  for child in $(pgrep -P "$1"); do stop_tree "$child"; done
  kill -TERM "$1" 2>/dev/null || true
}
cleanup() {
  if [ -n "$server" ]; then stop_tree "$server"; fi
  rm -rf "$work"
}
trap cleanup EXIT
fail() {
  echo "bundle smoke test: $1" >&2
  if [ -f "$work/server.log" ]; then cat "$work/server.log" >&2; fi
  exit 1
}

(cd "$checkout" && pnpm bundle "$work/built")
mv "$work/built" "$work/moved"
cd "$work/moved"

# Nothing may lead back into the checkout or to where the bundle was built.
if find . -type l -exec readlink -f {} \; | grep -v "^$work/moved/" | grep -q .; then
  fail 'a link leads out of the bundle'
fi
if grep -rlF "$checkout" --include='*.js' --include='*.json' . | grep -q .; then
  fail "a file names the checkout ($checkout)"
fi

PORT=0 LOG_LEVEL=info npm start >"$work/server.log" 2>&1 &
server=$!
origin=''
for _ in $(seq 1 100); do
  origin=$(grep -o 'Animal Store listening on http://[0-9.]*:[0-9]*' "$work/server.log" | sed 's/.* on //' || true)
  if [ -n "$origin" ]; then break; fi
  sleep 0.2
done
[ -n "$origin" ] || fail 'the bundle did not start listening'
key=$(grep -A2 'It is shown only this once' "$work/server.log" | tail -n 1 | tr -d ' ')
[ -n "$key" ] || fail 'no API key was printed'

expect_status() { # expected status, then curl arguments
  expected=$1
  shift
  status=$(curl -s -o "$work/body" -w '%{http_code}' "$@")
  [ "$status" = "$expected" ] || fail "$* answered $status, not $expected: $(cat "$work/body")"
}
expect_status 200 "$origin/healthz"
expect_status 200 "$origin/admin/"
grep -q '<div id="root">' "$work/body" || fail 'the admin app is not the built one'
expect_status 201 -X POST -H "authorization: Bearer $key" -H 'content-type: application/json' \
  -d '{"name":"Bundled","categoryId":7}' "$origin/v1/pets"
expect_status 200 -H "authorization: Bearer $key" "$origin/v1/pets"
grep -q '"name":"Bundled"' "$work/body" || fail "the list lacks the animal just created: $(cat "$work/body")"
[ -f data/animal-store.db ] || fail 'the SQLite file is not in the bundle data/ folder'
echo "bundle smoke test: passed ($origin, bundle moved to $work/moved)"
