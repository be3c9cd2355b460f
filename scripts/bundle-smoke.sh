#!/bin/sh
# Builds the bundle outside the checkout and moves it elsewhere; checks that npm reads it as it is (`npm ls`, and an
# offline `npm install` that finds nothing to do); then runs it the way the README says: read-only, with its database
# in a state folder of its own, in production mode (no key, no start), with a key made by the bundle's keys command,
# which the bundle's data command then checks.
# `npm start` must serve /healthz, the admin app, the API reference, a create and a list, and a SIGTERM to npm must
# stop the whole tree within seconds, the store draining and npm exiting 0.
set -eu
checkout=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d)
bundle="$work/moved"
state="$work/state"
server=''
tree=''
# npm and node (and any workers): the whole tree, children first, so that none outlives the test.
stop_tree() {
  for child in $(pgrep -P "$1"); do stop_tree "$child"; done
  kill -TERM "$1" 2>/dev/null || true
}
cleanup() {
  if [ -n "$server" ]; then stop_tree "$server"; fi
  for pid in $tree; do kill -TERM "$pid" 2>/dev/null || true; done
  if [ -d "$bundle" ]; then chmod -R u+w "$bundle"; fi
  rm -rf "$work"
}
trap cleanup EXIT
fail() {
  echo "bundle smoke test: $1" >&2
  if [ -f "$work/server.log" ]; then cat "$work/server.log" >&2; fi
  exit 1
}

(cd "$checkout" && pnpm bundle "$work/built")
mv "$work/built" "$bundle"
cd "$bundle"

# Nothing may lead back into the checkout or to where the bundle was built.
if find . -type l -exec readlink -f {} \; | grep -v "^$bundle/" | grep -q .; then
  fail 'a link leads out of the bundle'
fi
if grep -rlF "$checkout" --include='*.js' --include='*.json' . | grep -q .; then
  fail "a file names the checkout ($checkout)"
fi

# No file is shared with pnpm's store or the checkout (hard links), so changing the bundle changes neither.
if find . -type f -links +1 | grep -q .; then fail "files hard-linked elsewhere: $(find . -type f -links +1 | head)"; fi

# npm reads the bundle as it is: every manifest (no range only pnpm understands, such as workspace: or catalog:) and
# the whole tree, nothing missing, invalid or extraneous at any depth (npm ls names an extraneous package, but
# exits 0).
export npm_config_update_notifier=false
npm ls --all >"$work/npm-ls.log" 2>&1 && ! grep -Eq 'extraneous|invalid|missing:|UNMET DEPENDENCY' "$work/npm-ls.log" ||
  fail "npm ls --all finds problems: $(cat "$work/npm-ls.log")"
# `npm install` finds everything installed and changes nothing: offline, with an empty cache, it needs nothing from
# the network, warns of nothing (an install script not allowed by the bundle's allowScripts would be named) and
# writes no file (no lockfile: the bundle's .npmrc says why).
find . | sort >"$work/files-before"
npm_config_cache="$work/npm-cache" npm install --offline --no-audit --no-fund >"$work/npm-install.log" 2>&1 ||
  fail "npm install fails: $(cat "$work/npm-install.log")"
grep -qx 'up to date in .*' "$work/npm-install.log" && ! grep -q 'warn' "$work/npm-install.log" ||
  fail "npm install did more than find the bundle up to date: $(cat "$work/npm-install.log")"
find . | sort | diff "$work/files-before" - >"$work/files-changed" ||
  fail "npm install changed the bundle's files: $(cat "$work/files-changed")"
[ ! -e package-lock.json ] || fail 'the bundle holds a lockfile, on which `npm ci` would delete node_modules'

# Without DATABASE_URL the database lives in the bundle's data/ folder, wherever the command is typed; `keys` refuses
# a store that does not exist yet, naming the file it looked for, and creates nothing.
mkdir "$work/elsewhere"
if (cd "$work/elsewhere" && env -u DATABASE_URL npm --prefix "$bundle" run --silent keys -- list >"$work/default.log" 2>&1); then
  fail 'keys list accepted a store that does not exist'
fi
grep -qF "keys: there is no store at $bundle/data/animal-store.db (the file does not exist)" "$work/default.log" ||
  fail "without DATABASE_URL keys did not look in the bundle data/ folder: $(cat "$work/default.log")"
[ ! -e data ] || fail 'keys list created a store'

# Root ignores file modes, so as root the bundle runs as `nobody`, which owns only the state folder.
chmod -R a-w "$bundle"
mkdir "$state"
if [ "$(id -u)" = 0 ]; then
  chmod 755 "$work"
  chown 65534:65534 "$state"
  # A command prefix, not a function, so that `$as_runner npm start &` leaves npm itself in $!.
  as_runner='setpriv --reuid=65534 --regid=65534 --clear-groups'
else
  as_runner=''
fi
if $as_runner touch "$bundle/write-probe" 2>/dev/null; then fail 'the user that runs the bundle can write in it'; fi
# npm's update check (off above) would reach for the network; its cache under HOME may not be writable, which npm
# tolerates.
export DATABASE_URL="file:$state/animal-store.db"
unset NODE_ENV

# Production mode: with no key the store refuses to start rather than make one.
if $as_runner timeout 30 npm start >"$work/refusal.log" 2>&1; then fail 'the bundle started without a key'; fi
grep -qF "No API key exists. Set API_KEYS, or create one with \`DATABASE_URL=$DATABASE_URL npm run --silent keys -- create --name NAME\`." \
  "$work/refusal.log" || fail "no sentence naming the bundle's keys command: $(cat "$work/refusal.log")"
if grep -q 'listening on' "$work/refusal.log"; then fail 'the bundle listened without a key'; fi

# The documented form: `npm run keys create --name X` would hand --name to npm. Stdout is the key, alone.
$as_runner npm run --silent keys -- create --name smoke >"$work/key" 2>"$work/keys.log" ||
  fail "keys create failed: $(cat "$work/keys.log")"
[ "$(wc -l <"$work/key")" = 1 ] && grep -Eqx 'as_[A-Za-z0-9_-]{49}' "$work/key" ||
  fail "keys create printed more or other than a key: $(cat "$work/key")"
key=$(cat "$work/key")

# The bundle's audit command shows the operator that key creation, in the store's own audit log.
$as_runner npm run --silent audit -- list >"$work/audit.log" 2>&1 || fail "audit list failed: $(cat "$work/audit.log")"
grep -q 'api_key.created' "$work/audit.log" || fail "audit list did not show the key just created: $(cat "$work/audit.log")"

# The bundle's data command checks the store it serves: integrity, invariants, schema version and release.
$as_runner npm run --silent data -- check >"$work/check.log" 2>&1 || fail "data check failed: $(cat "$work/check.log")"
grep -q '^schema version	' "$work/check.log" && grep -q '^release	' "$work/check.log" ||
  fail "data check printed no schema version or release: $(cat "$work/check.log")"

PORT=0 LOG_LEVEL=info $as_runner npm start >"$work/server.log" 2>&1 &
server=$!
origin=''
for _ in $(seq 1 100); do
  origin=$(grep -o 'Animal Store listening on http://[0-9.]*:[0-9]*' "$work/server.log" | head -n 1 |
    sed 's/.* on //' || true)
  if [ -n "$origin" ]; then break; fi
  sleep 0.2
done
[ -n "$origin" ] || fail 'the bundle did not start listening'

expect_status() { # expected status, then curl arguments
  expected=$1
  shift
  status=$(curl -s -o "$work/body" -w '%{http_code}' "$@")
  [ "$status" = "$expected" ] || fail "$* answered $status, not $expected: $(cat "$work/body")"
}
expect_status 200 "$origin/healthz"
expect_status 200 "$origin/admin/"
grep -q '<div id="root">' "$work/body" || fail 'the admin app is not the built one'
expect_status 200 "$origin/docs"
grep -q 'src="/docs/scalar.js"' "$work/body" || fail 'the docs page is not the API reference'
expect_status 200 "$origin/docs/scalar.js"
grep -q 'createApiReference' "$work/body" || fail "the bundle lacks the API reference's script"
expect_status 201 -X POST -H "authorization: Bearer $key" -H 'content-type: application/json' \
  -d '{"name":"Bundled","categoryId":7}' "$origin/v1/pets"
expect_status 200 -H "authorization: Bearer $key" "$origin/v1/pets"
grep -q '"name":"Bundled"' "$work/body" || fail "the list lacks the animal just created: $(cat "$work/body")"
[ -f "$state/animal-store.db" ] || fail 'the SQLite file is not in the state folder'
[ ! -e data ] || fail 'the bundle wrote a data/ folder'

# SIGTERM to npm, as a container runtime or a process manager sends it to the process it started.
descendants() { for child in $(pgrep -P "$1"); do echo "$child"; descendants "$child"; done; }
tree="$server $(descendants "$server")"
[ "$(echo "$tree" | wc -w)" -ge 2 ] || fail "npm and node expected, found the processes $tree"
kill -TERM "$server"
running() { # the processes of the tree still running (an exited npm stays a zombie until waited for)
  for pid in $tree; do
    case $(ps -o stat= -p "$pid" 2>/dev/null || true) in '' | Z*) ;; *) echo "$pid" ;; esac
  done
}
for _ in $(seq 1 50); do
  if [ -z "$(running)" ]; then break; fi
  sleep 0.1
done
[ -z "$(running)" ] || fail "5 s after SIGTERM to npm these still run: $(ps -o pid=,args= -p "$(running | paste -sd,)")"
npm_status=0
wait "$server" || npm_status=$?
server=''
[ "$npm_status" = 0 ] || fail "npm exited $npm_status after SIGTERM, not 0"
grep -q '"msg":"stopped"' "$work/server.log" || fail 'the store did not log that it stopped'
echo "bundle smoke test: passed ($origin, bundle moved to $bundle and read-only, SIGTERM drained it)"
