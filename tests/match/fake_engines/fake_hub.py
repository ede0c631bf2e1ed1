#!/usr/bin/env python3
"""A misbehaving Hub engine for the match runner's tests.

It plays the first legal move (asking `yaad referee` which moves are
legal) and names the opponent's first legal reply as its ponder move, until
its Nth move of a game, where it commits its fault:

    crash    exits without a word
    stall    never answers
    illegal  answers `done move=1-2` (squares 1 and 2 share a row: never a move)
    garbage  answers a `done` line with an unterminated quote
    late     answers a legal move after --sleep seconds
    chatter  says `hello` (no Hub answer to anything), then answers a legal move
    kill-parent
             kills its parent process (a Dask worker: the engine runs in it)
             with SIGKILL, once only: the first to create the directory
             --once does it, later games play on as `none`
    none     never misbehaves

Two faults are about pondering, and come with every `go ponder`:

    ponder-early  answers `go ponder` at once, before ponder-hit or stop
    ponder-deaf   never answers ponder-hit or stop

Otherwise a ponder search waits for `ponder-hit` (then answers as `go
think` would) or `stop` (then answers at once). Every move takes --think
seconds, counted from `go think` or `ponder-hit`. Every line it receives
is appended to --transcript if given.
"""

import argparse
import os
import shlex
import signal
import subprocess
import sys
import time


def parse(line):
    """A small reading of `command name=value name="quoted value"` lines (enough for the runner's lines)."""
    command, _, rest = line.strip().partition(" ")
    values = {}
    for token in shlex.split(rest):
        name, _, value = token.partition("=")
        values[name] = value
    return command, values


class Referee:
    def __init__(self, yaad):
        self.process = subprocess.Popen([yaad, "referee"], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                        text=True)

    def ask(self, line):
        self.process.stdin.write(line + "\n")
        self.process.stdin.flush()
        return self.process.stdout.readline().strip()

    def first_legal_moves(self, variant, position, moves):
        """The first legal move, and the first legal reply to it (None if there is none)."""
        self.ask(f"new variant={variant} pos={position}")
        for move in moves:
            self.ask(f"play {move}")
        move = self.first()
        self.ask(f"play {move}")
        return move, self.first()

    def first(self):
        listing = parse(self.ask("moves"))[1]["list"].split()
        return listing[0] if listing else None


def _first_time(marker):
    """True for the one process that creates the directory `marker` (mkdir is atomic)."""
    try:
        os.mkdir(marker)
        return True
    except FileExistsError:
        return False


def main():
    options = argparse.ArgumentParser()
    options.add_argument("--yaad", required=True)
    options.add_argument("--fault", default="none",
                         choices=["none", "crash", "stall", "illegal", "garbage", "late", "chatter",
                                  "kill-parent", "ponder-early", "ponder-deaf"])
    options.add_argument("--at", type=int, default=3, help="the move of each game that goes wrong")
    options.add_argument("--sleep", type=float, default=1.0)
    options.add_argument("--think", type=float, default=0.0, help="seconds every move takes")
    options.add_argument("--transcript")
    options.add_argument("--once", help="kill-parent: the directory whose creation marks the one kill")
    args = options.parse_args()

    referee = Referee(args.yaad)
    variant = "jamaican"
    position, moves = None, []
    moves_this_game = 0

    def say(line):
        print(line, flush=True)

    def answer():
        """The `done` line for the position of the last `pos`."""
        move, reply = referee.first_legal_moves(variant, position, moves)
        return f"done move={move}" + (f" ponder={reply}" if reply else "")

    pondering = None  # the `done` line a ponder search will give, once told to

    for line in sys.stdin:
        if args.transcript:
            with open(args.transcript, "a") as t:
                t.write(line)
        command, values = parse(line)
        if command == "hub":
            say(f"id name=fake-{args.fault} version=1")
            say('param name=variant value=jamaican type=enum '
                'values="jamaican pool english russian brazilian international sixrow"')
            say("wait")
        elif command == "set-param" and values.get("name") == "variant":
            variant = values["value"]
        elif command == "init":
            say("ready")
        elif command == "new-game":
            moves_this_game = 0
        elif command == "pos":
            position, moves = values["pos"], values.get("moves", "").split()
        elif command == "go" and "ponder" in line.split():
            pondering = answer()
            if args.fault == "ponder-early":
                say(pondering)
                pondering = None
        elif command in ("ponder-hit", "stop") and pondering:
            if args.fault == "ponder-deaf":
                continue
            if command == "ponder-hit":
                time.sleep(args.think)
            say(pondering)
            pondering = None
        elif command == "go":
            moves_this_game += 1
            fault = args.fault if moves_this_game == args.at else "none"
            if fault == "crash":
                os._exit(3)
            if fault == "kill-parent" and _first_time(args.once):
                os.kill(os.getppid(), signal.SIGKILL)
                os._exit(3)
            if fault == "stall":
                time.sleep(3600)
            if fault == "illegal":
                say("done move=1-2")
                continue
            if fault == "garbage":
                say('done move="11-15')
                continue
            if fault == "late":
                time.sleep(args.sleep)
            time.sleep(args.think)
            say("info depth=1 score=0.00")
            if fault == "chatter":
                say("hello")
            say(answer())
        elif command == "quit":
            break


if __name__ == "__main__":
    main()
