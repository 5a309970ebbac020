#!/usr/bin/env bash
# A local Redis Cluster for tests: 3 masters and 3 replicas on loopback.
#   scripts/redis-cluster.sh start   starts the nodes that are not running and creates the cluster once;
#                                    prints the REDIS_CLUSTER_NODES value to use
#   scripts/redis-cluster.sh stop    stops every node and deletes its files
#   scripts/redis-cluster.sh nodes   prints the REDIS_CLUSTER_NODES value
# Ports REDIS_CLUSTER_PORT_BASE+1 .. +6 (default 7100: 7101-7106). Files in REDIS_CLUSTER_DIR
# (default a directory per port base under the temporary directory). A node stopped on purpose
# (a failover test) comes back as a replica on the next start. The node time-out is short
# (REDIS_CLUSTER_NODE_TIMEOUT_MS, default 2000) so a replica takes over within a few seconds.
set -euo pipefail

base="${REDIS_CLUSTER_PORT_BASE:-7100}"
dir="${REDIS_CLUSTER_DIR:-${TMPDIR:-/tmp}/pdg-redis-cluster-$base}"
node_timeout="${REDIS_CLUSTER_NODE_TIMEOUT_MS:-2000}"
ports=()
for offset in 1 2 3 4 5 6; do ports+=("$((base + offset))"); done

nodes() {
  local list=()
  for port in "${ports[@]}"; do list+=("127.0.0.1:$port"); done
  (IFS=,; echo "${list[*]}")
}

answers() { redis-cli -h 127.0.0.1 -p "$1" ping >/dev/null 2>&1; }

wait_for() {
  local what="$1"; shift
  for _ in $(seq 1 200); do
    if "$@"; then return 0; fi
    sleep 0.1
  done
  echo "redis-cluster.sh: timed out waiting for $what" >&2
  return 1
}

cluster_ok() {
  for port in "${ports[@]}"; do
    redis-cli -h 127.0.0.1 -p "$port" cluster info 2>/dev/null | grep -q '^cluster_state:ok' || return 1
  done
}

# A replica that has not finished its first sync acknowledges no write yet (WAIT counts it out).
replicas_synced() {
  local replication
  for port in "${ports[@]}"; do
    replication="$(redis-cli -h 127.0.0.1 -p "$port" info replication 2>/dev/null)" || return 1
    if grep -q '^role:slave' <<<"$replication"; then
      grep -q '^master_link_status:up' <<<"$replication" || return 1
    fi
  done
}

start() {
  command -v redis-server >/dev/null 2>&1 || { echo "redis-cluster.sh: redis-server is not installed" >&2; exit 1; }
  mkdir -p "$dir"
  for port in "${ports[@]}"; do
    answers "$port" && continue
    redis-server --port "$port" --bind 127.0.0.1 --daemonize yes --dir "$dir" \
      --cluster-enabled yes --cluster-config-file "nodes-$port.conf" --cluster-node-timeout "$node_timeout" \
      --save "" --appendonly no --logfile "$dir/$port.log" --pidfile "$dir/$port.pid"
  done
  for port in "${ports[@]}"; do wait_for "node $port" answers "$port"; done
  # Slots are assigned once; later starts only bring missing nodes back.
  if ! redis-cli -h 127.0.0.1 -p "${ports[0]}" cluster info | grep -q '^cluster_slots_assigned:16384'; then
    local addresses=()
    for port in "${ports[@]}"; do addresses+=("127.0.0.1:$port"); done
    redis-cli --cluster create "${addresses[@]}" --cluster-replicas 1 --cluster-yes >/dev/null
  fi
  wait_for "cluster_state:ok on every node" cluster_ok
  wait_for "every replica in sync with its master" replicas_synced
  nodes
}

stop() {
  for port in "${ports[@]}"; do
    answers "$port" && redis-cli -h 127.0.0.1 -p "$port" shutdown nosave >/dev/null 2>&1 || true
  done
  rm -rf "$dir"
}

case "${1:-}" in
  start) start ;;
  stop) stop ;;
  nodes) nodes ;;
  *) echo "usage: $0 start|stop|nodes" >&2; exit 2 ;;
esac
