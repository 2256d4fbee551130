#!/usr/bin/env python3
"""A browser's session in a few frames, for scripts/check-package (docs/PROTOCOL.md).

  package_session.py star [--list-screen-action] URL TOKEN_FILE ID...   a new user: waits for
      the catalog to load (151 Pokémon, Bulbasaur first: the installed binary found its
      resource bundle), stars each ID in the active list (keyed favoriteSet intents, each
      acknowledged after its commit), writes the user's token to TOKEN_FILE. The star is the
      root action {"favoriteSet": {"list", "id", "on"}}; with --list-screen-action it is the
      list screen's {"list": {"favoriteSet": {"id", "on"}}}, as servers before the root action
      (scripts/check-package's earlier commit) take it.
  package_session.py favorites URL TOKEN_FILE    the same user on a new session: prints the
      ids of its stars, one line, sorted.

URL is the server's base (http://127.0.0.1:8080). Exits 1 with the reason on anything
unexpected; gives up after 20 s on any awaited frame, naming what it waited for.
"""
import asyncio
import json
import sys

import jsonpatch
import websockets

TIMEOUT = 20


class Session:
    def __init__(self, socket):
        self.socket = socket
        self.state = None
        self.seq = None

    async def frame(self, waiting_for):
        try:
            text = await asyncio.wait_for(self.socket.recv(), TIMEOUT)
        except asyncio.TimeoutError:
            sys.exit(f"package_session: no frame in {TIMEOUT} s while waiting for {waiting_for}")
        message = json.loads(text)
        if message["type"] == "error":
            sys.exit(f"package_session: error frame while waiting for {waiting_for}: {message}")
        if message["type"] == "snapshot":
            self.state, self.seq = message["state"], message["seq"]
        elif message["type"] == "patch":
            if message["seq"] != self.seq + 1:
                sys.exit(f"package_session: patch seq {message['seq']} after {self.seq}")
            self.state = jsonpatch.apply_patch(self.state, message["ops"])
            self.seq = message["seq"]
        return message

    async def hello(self, token):
        await self.socket.send(json.dumps({"type": "hello", "version": 1, "token": token, "resume": None, "route": "/"}))
        welcome = await self.frame("welcome")
        if welcome["type"] != "welcome":
            sys.exit(f"package_session: expected welcome, got {welcome}")
        # The list loads after the snapshot: wait until the state says it did.
        while self.state is None or self.state["list"]["status"] != "loaded":
            await self.frame("the catalog to load (list.status loaded)")
        rows = self.state["list"]["pages"][0]
        if self.state["list"]["total"] != 151 or rows[0]["name"] != "Bulbasaur":
            sys.exit(f"package_session: not the embedded catalog: total {self.state['list']['total']}, first {rows[0]}")
        return welcome


async def star(url, token_file, ids, list_screen_action):
    async with websockets.connect(url, open_timeout=TIMEOUT) as socket:
        session = Session(socket)
        welcome = await session.hello(None)
        for ref, pokemon in enumerate(ids, start=1):
            key = f"check-package-{pokemon}"
            if list_screen_action:
                action = {"list": {"favoriteSet": {"id": pokemon, "on": True}}}
            else:
                action = {"favoriteSet": {"list": session.state["lists"]["active"], "id": pokemon, "on": True}}
            await socket.send(json.dumps({"type": "action", "ref": ref, "key": key, "action": action}))
            while True:
                message = await session.frame(f"the ack of the star on #{pokemon}")
                if message.get("ack") == ref or (message["type"] == "ack" and message["ref"] == ref):
                    break
            if session.state["favorites"].get(str(pokemon)) is not True:
                sys.exit(f"package_session: #{pokemon} acknowledged but not in favorites: {session.state['favorites']}")
    with open(token_file, "w") as file:
        file.write(welcome["token"])


async def favorites(url, token_file):
    with open(token_file) as file:
        token = file.read().strip()
    async with websockets.connect(url, open_timeout=TIMEOUT) as socket:
        session = Session(socket)
        await session.hello(token)
        print(" ".join(sorted(session.state["favorites"], key=int)))


def main():
    arguments = sys.argv[1:]
    list_screen_action = "--list-screen-action" in arguments
    arguments = [argument for argument in arguments if argument != "--list-screen-action"]
    if len(arguments) < 3:
        sys.exit(__doc__)
    url = arguments[1].rstrip("/").replace("http://", "ws://", 1) + "/ws"
    if len(arguments) >= 4 and arguments[0] == "star":
        asyncio.run(star(url, arguments[2], [int(pokemon) for pokemon in arguments[3:]], list_screen_action))
    elif len(arguments) == 3 and arguments[0] == "favorites" and not list_screen_action:
        asyncio.run(favorites(url, arguments[2]))
    else:
        sys.exit(__doc__)


if __name__ == "__main__":
    main()
