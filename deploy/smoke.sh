#!/usr/bin/env bash
# Starts the deployment of deploy/compose.yaml and probes it: readiness, the API through Caddy's TLS,
# the metrics with their token (and refused without), a backup with the command line.
#   deploy/smoke.sh            the whole deployment (needs the caddy:2 image)
#   SMOKE_WITHOUT_CADDY=1 deploy/smoke.sh   the sandbox service alone, where that image cannot be pulled
#   SMOKE_BUILD=0 deploy/smoke.sh           with the image mortgage-sandbox:local already built
# Needs docker (or podman with its Docker-compatible socket) and the compose plugin. Leaves the
# stack down and its volumes removed, unless SMOKE_KEEP=1.
set -euo pipefail
cd "$(dirname "$0")"

engine=${CONTAINER_ENGINE:-docker}
command -v "$engine" >/dev/null || { echo "smoke: no $engine here; set CONTAINER_ENGINE=podman or install docker" >&2; exit 2; }
# The compose plugin, or the standalone docker-compose (podman's Docker-compatible socket serves either).
if "$engine" compose version >/dev/null 2>&1; then
  compose=("$engine" compose -p mortgage-sandbox -f compose.yaml)
elif command -v docker-compose >/dev/null; then
  compose=(docker-compose -p mortgage-sandbox -f compose.yaml)
else
  echo "smoke: neither '$engine compose' nor docker-compose is here" >&2
  exit 2
fi

# The folder is yours only; the files are readable by every user, because Compose mounts a file
# secret with its host permissions and the image runs as `node` (uid 1000), not as the files' owner.
mkdir -p secrets
chmod 700 secrets
for name in operator_token secrets_key jwt_secret metrics_token; do
  [ -s "secrets/$name" ] || (umask 077 && head -c 48 /dev/urandom | base64 | tr -d '\n/+=' > "secrets/$name")
  chmod 444 "secrets/$name"
done

cleanup() { [ "${SMOKE_KEEP:-}" = 1 ] || "${compose[@]}" down --volumes >/dev/null 2>&1 || true; }
trap cleanup EXIT

services=(sandbox)
[ "${SMOKE_WITHOUT_CADDY:-}" = 1 ] || services+=(caddy)
# SMOKE_BUILD=0: the image mortgage-sandbox:local is already built (e.g. `docker build --network=host`
# where the build needs the host's network to reach the registries).
build=(--build)
[ "${SMOKE_BUILD:-1}" = 0 ] && build=()
"${compose[@]}" up -d "${build[@]}" "${services[@]}"

# node -e SCRIPT ARG: the script reads ARG as process.argv[1].
in_sandbox() { "${compose[@]}" exec -T sandbox node -e "$@"; }
probe() { in_sandbox "fetch('http://127.0.0.1:8080$1',{headers:{Authorization:'Bearer '+(process.argv[1]||'')}}).then(async r=>{console.log(r.status+' $1');process.exit(r.status===$2?0:1)},e=>{console.error(e.message);process.exit(1)})" "${3:-}"; }

echo "waiting for /readyz…"
for _ in $(seq 1 60); do
  probe /readyz 200 >/dev/null 2>&1 && break
  sleep 2
done
probe /readyz 200
probe /livez 200
probe /metrics 401
probe /metrics 200 "$(cat secrets/metrics_token)"

if [ "${SMOKE_WITHOUT_CADDY:-}" != 1 ]; then
  curl -fsS -k https://localhost/v1/health && echo " (through Caddy)"
  status=$(curl -s -k -o /dev/null -w '%{http_code}' https://localhost/metrics)
  [ "$status" = 404 ] || { echo "smoke: /metrics answered $status through Caddy, expected 404" >&2; exit 1; }
fi

"${compose[@]}" exec -T sandbox node dist/cli.js backup --to /backups/smoke.db
echo "smoke: ok"
