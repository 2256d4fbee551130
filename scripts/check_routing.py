"""The real routing, driven through nginx (called by scripts/check-routing).

Sessions connect to deploy/nginx.conf's site as the web client does (`/ws?session=ID`, the
same id in the hello), each shows a screen of its own, and nginx's `hash $arg_session
consistent` spreads them over the two upstream processes (each process's /debug/sessions says
which holds which) and sends each back to its own process when it reconnects. Once every
screen is saved, one process is killed with SIGKILL; its
sessions' websockets close, and each reconnects through nginx with `{session, seq}` as a
browser would. nginx finds the dead process refusing and sends them to the other, which
rebuilds each screen from PostgreSQL. The other process's sessions keep their connections.

Every wait has a deadline and fails saying what it waited for.

usage: check_routing.py WSS_URL CA_FILE POSTGRES_URL UPSTREAM_URL:PID UPSTREAM_URL:PID
"""
import asyncio
import json
import os
import secrets
import signal
import ssl
import subprocess
import sys
import time
import urllib.request

import jsonpatch
import websockets

TIMEOUT = float(os.environ.get("CHECK_ROUTING_TIMEOUT", "15"))
MAX_SESSIONS = 40
EACH_AT_LEAST = 3


class Failure(Exception):
    pass


class Session:
    """One browser tab: its id (in the URL and the hello), its token and its copy of the state."""

    def __init__(self, index, url, context):
        self.index = index
        self.id = secrets.token_hex(16)
        self.route = f"/pokemon/{index + 1}"
        self.url = url
        self.context = context
        self.token = None
        self.state = None
        self.seq = 0
        self.ref = 0
        self.acks = set()
        self.socket = None

    async def connect(self, resume=False):
        self.socket = await asyncio.wait_for(
            websockets.connect(f"{self.url}?session={self.id}", ssl=self.context, max_size=None, open_timeout=TIMEOUT),
            TIMEOUT,
        )
        await self.socket.send(json.dumps({
            "type": "hello", "version": 1, "token": self.token,
            "resume": {"session": self.id, "seq": self.seq} if resume else None,
            "route": "/", "session": self.id,
        }))
        welcome = json.loads(await self.frame("the welcome"))
        if welcome.get("type") != "welcome":
            raise Failure(f"session {self.index}: the hello was answered with {welcome}")
        if welcome.get("session") != self.id:
            raise Failure(f"session {self.index}: welcomed as session {welcome.get('session')}, not {self.id}")
        self.token = welcome.get("token") or self.token
        if not resume:
            self.state = None
            await self.read_until(lambda: self.state is not None, "the snapshot after the welcome")
        else:
            # A resume is answered with the missed patches (none, when nothing was missed) by
            # the process that still holds the session, or a snapshot of the saved screen by
            # another; an action's ack comes after either, once the session is ready.
            await self.perform({"dismissNotice": {}}, "an action after resuming")

    async def frame(self, what):
        try:
            return await asyncio.wait_for(self.socket.recv(), TIMEOUT)
        except asyncio.TimeoutError:
            raise Failure(f"session {self.index}: gave up after {TIMEOUT:g} s waiting for {what}") from None
        except websockets.ConnectionClosed as closed:
            raise Failure(f"session {self.index}: the connection closed ({closed}) while waiting for {what}") from None

    def apply(self, message):
        kind = message.get("type")
        if kind == "snapshot":
            self.seq, self.state = message["seq"], message["state"]
        elif kind == "patch":
            if message["seq"] != self.seq + 1:
                raise Failure(f"session {self.index}: patch {message['seq']} after {self.seq}")
            self.seq = message["seq"]
            self.state = jsonpatch.apply_patch(self.state, message["ops"])
            if message.get("ack") is not None:
                self.acks.add(message["ack"])
        elif kind == "ack":
            self.acks.add(message["ref"])
        elif kind == "error":
            raise Failure(f"session {self.index}: error {message.get('code')}: {message.get('message')}")

    async def read_until(self, done, what):
        deadline = time.monotonic() + TIMEOUT
        while not done():
            if time.monotonic() > deadline:
                raise Failure(f"session {self.index}: gave up after {TIMEOUT:g} s waiting for {what}")
            self.apply(json.loads(await self.frame(what)))

    async def perform(self, action, what):
        self.ref += 1
        ref = self.ref
        await self.socket.send(json.dumps({"type": "action", "ref": ref, "action": action}))
        await self.read_until(lambda: ref in self.acks, f"the ack of {what}")

    async def show_own_screen(self):
        await self.perform({"navigate": {"route": self.route}}, f"navigating to {self.route}")
        await self.read_until(lambda: self.state.get("route") == self.route, f"the route {self.route}")

    async def wait_closed(self, what):
        """Reads until the server's end goes away; fails if it stays open past the deadline."""
        deadline = time.monotonic() + TIMEOUT
        while True:
            if time.monotonic() > deadline:
                raise Failure(f"session {self.index}: gave up after {TIMEOUT:g} s waiting for {what}")
            try:
                self.apply(json.loads(await asyncio.wait_for(self.socket.recv(), max(0.1, deadline - time.monotonic()))))
            except asyncio.TimeoutError:
                continue
            except websockets.ConnectionClosed:
                return


def held_sessions(upstream):
    """The ids of the sessions a process holds now (its /debug/sessions, straight to its port)."""
    with urllib.request.urlopen(f"{upstream}/debug/sessions", timeout=TIMEOUT) as response:
        return {entry["id"] for entry in json.load(response)["sessions"]}


def saved_routes(postgres_url):
    out = subprocess.run(
        ["psql", postgres_url, "-At", "-F", "\t", "-c", "SELECT id, state FROM saved_sessions"],
        check=True, capture_output=True, text=True,
    ).stdout
    routes = {}
    for line in out.splitlines():
        session_id, state = line.split("\t", 1)
        routes[session_id] = json.loads(state).get("route")
    return routes


async def poll(condition, what):
    deadline = time.monotonic() + TIMEOUT
    while not condition():
        if time.monotonic() > deadline:
            raise Failure(f"gave up after {TIMEOUT:g} s waiting for {what}")
        await asyncio.sleep(0.05)


async def main(url, ca, postgres_url, upstream_args):
    upstreams = []
    for argument in upstream_args:
        address, pid = argument.rsplit(":", 1)
        upstreams.append((address, int(pid)))
    context = ssl.create_default_context(cafile=ca)

    # Sessions until nginx has put a few on each process (the hash spreads random ids about
    # evenly; forty all on one would be a broken upstream, not bad luck).
    sessions = []
    where = {}
    while len(sessions) < MAX_SESSIONS:
        session = Session(len(sessions), url, context)
        await session.connect()
        await session.show_own_screen()
        sessions.append(session)
        held = [held_sessions(address) for address, _ in upstreams]
        where = {s.id: [i for i, ids in enumerate(held) if s.id in ids] for s in sessions}
        counts = [sum(1 for s in sessions if where[s.id] == [i]) for i in range(len(upstreams))]
        if min(counts) >= EACH_AT_LEAST:
            break
    strays = [s.index for s in sessions if len(where[s.id]) != 1]
    if strays:
        raise Failure(f"sessions {strays} are held by {[where[sessions[i].id] for i in strays]} processes, not one")
    counts = [sum(1 for s in sessions if where[s.id] == [i]) for i in range(len(upstreams))]
    if min(counts) < EACH_AT_LEAST:
        raise Failure(f"nginx put {counts} of {len(sessions)} sessions on the two processes: the hash does not spread them")
    print(f"check-routing: {len(sessions)} sessions through nginx, {counts[0]} on {upstreams[0][0]}, {counts[1]} on {upstreams[1][0]}")

    # The hash keeps a session on its process: each reconnects (as a tab does after a network
    # blip) and must find its own process again, which still holds it (round robin would send
    # about half to the other, which would then hold a second copy).
    for session in sessions:
        await session.socket.close()
        await session.connect(resume=True)
        if session.state.get("route") != session.route:
            raise Failure(f"session {session.index} reconnected to {session.state.get('route')}, not its screen {session.route}")
    held = [held_sessions(address) for address, _ in upstreams]
    moved = [s.index for s in sessions if [i for i, ids in enumerate(held) if s.id in ids] != where[s.id]]
    if moved:
        raise Failure(f"sessions {moved} reconnected through nginx to another process than their own")

    # Every screen saved, then the first process dies.
    await poll(lambda: all(saved_routes(postgres_url).get(s.id) == s.route for s in sessions),
               "every session's screen in saved_sessions")
    doomed_address, doomed_pid = upstreams[0]
    survivor_address = upstreams[1][0]
    cut_off = [s for s in sessions if where[s.id] == [0]]
    kept = [s for s in sessions if where[s.id] == [1]]
    os.kill(doomed_pid, signal.SIGKILL)
    print(f"check-routing: killed {doomed_address} (pid {doomed_pid}) with SIGKILL")

    # Its sessions lose their connection and come back through nginx, on the survivor, with their screen.
    for session in cut_off:
        await session.wait_closed(f"the connection of the killed process ({doomed_address}) to close")
        await session.connect(resume=True)
        if session.state.get("route") != session.route:
            raise Failure(f"session {session.index} resumed on {session.state.get('route')}, not its screen {session.route}")
    held = held_sessions(survivor_address)
    missing = [s.index for s in sessions if s.id not in held]
    if missing:
        raise Failure(f"sessions {missing} are not on the survivor {survivor_address} after the kill")
    # The survivor's own sessions kept their connections and still answer.
    for session in kept:
        await session.perform({"dismissNotice": {}}, "an action on the survivor's own connection")
        if session.state.get("route") != session.route:
            raise Failure(f"session {session.index} on the survivor left its screen: {session.state.get('route')}")
    print(f"check-routing: {len(cut_off)} sessions resumed their screens on {survivor_address} through nginx; "
          f"{len(kept)} stayed connected")
    for session in sessions:
        await session.socket.close()


if __name__ == "__main__":
    if len(sys.argv) != 6:
        print(__doc__.strip().splitlines()[-1], file=sys.stderr)
        sys.exit(2)
    try:
        asyncio.run(main(sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4:]))
    except Failure as failure:
        print(f"check-routing: {failure}", file=sys.stderr)
        sys.exit(1)
