"""What the user reads: the live progress line and the final summary.

Every figure is from the first engine's side unless a table row says
otherwise. The Elo interval shown is the per-game one (stats.elo_per_game);
the summary adds the per-pair one (stats.elo_per_pair).
"""

import math
import shutil
import time


def format_elo(estimate):
    """`+43.7 ± 46.7`; `+inf` at a 100% score (no interval to show); `-` before any game."""
    if estimate is None:
        return "-"
    if math.isinf(estimate.elo):
        return f"{estimate.elo:+.1f}"
    return f"{estimate.elo:+.1f} ± {estimate.margin:.1f}"


def _llr_text(sprt, llr):
    lower, upper = sprt.bounds()
    return f"LLR {llr:.2f} ({lower:.2f}, {upper:.2f})"


def progress_text(board, total, sprt=None):
    """`12/20  W-D-L 5-4-3  58.3%  Elo +58.4 ± 120.2  LOS 74.6%  LLR 0.52 (-2.94, 2.94)`."""
    text = (f"{board.games}/{total}  W-D-L {board.wins}-{board.draws}-{board.losses}  {board.score:.1%}"
            f"  Elo {format_elo(board.elo_per_game())}  LOS {board.los():.1%}")
    if sprt:
        text += "  " + _llr_text(sprt, sprt.llr(board.pentanomial))
    return text


class Pace:
    """Games per minute of this run (a resumed match's earlier games left out), and the time left
    at that pace for the games still to play."""

    def __init__(self, total, done_before):
        self.total = total
        self.done_before = done_before
        self.start = time.monotonic()

    def text(self, done):
        """`4.2 games/min  ETA 1:02:05`."""
        played = done - self.done_before
        minutes = (time.monotonic() - self.start) / 60.0
        if played <= 0 or minutes <= 0:
            return "- games/min  ETA -"
        rate = played / minutes
        seconds = round((self.total - done) / rate * 60.0)
        return f"{rate:.1f} games/min  ETA {seconds // 3600}:{seconds // 60 % 60:02d}:{seconds % 60:02d}"


class Progress:
    """On a terminal, one line rewritten in place; otherwise one line per game, with the game's result.
    `status(scoreboard)`, if given, adds its text to the line (the cluster's pace and workers)."""

    def __init__(self, stream, total, sprt=None, status=None):
        self.stream = stream
        self.total = total
        self.sprt = sprt
        self.status = status
        self.in_place = stream.isatty()
        self._shown = 0

    def game_done(self, record, board):
        text = progress_text(board, self.total, self.sprt)
        if self.status:
            text += "  " + self.status(board)
        if self.in_place:
            width = shutil.get_terminal_size().columns - 1
            text = text[:width]
            self.stream.write("\r" + text + " " * max(self._shown - len(text), 0))
            self._shown = len(text)
        else:
            self.stream.write(f"game {record.index} {record.white} - {record.black} {record.result} "
                              f"({record.reason}, {record.plies} plies) | {text}\n")
        self.stream.flush()

    def finish(self):
        if self.in_place and self._shown:
            self.stream.write("\n")
            self.stream.flush()


def summary_data(board, sprt=None, sprt_stop=None, lost=()):
    """The match's figures, for the summary table and the JSON file (Elo figures as stats.EloEstimate);
    `lost`: the games no cluster worker could finish ({game, pair, reason})."""
    per_game = board.elo_per_game()
    los = board.los()
    engines = []
    for slot, name in enumerate(board.names):
        wins, losses = (board.wins, board.losses) if slot == 0 else (board.losses, board.wins)
        estimate = per_game if slot == 0 or per_game is None else per_game.negated()
        peaks = [r.memory[slot].peak_kb for r in board.records if r.memory[slot]]
        engines.append({
            "name": name, "games": board.games, "wins": wins, "draws": board.draws, "losses": losses,
            "score": (wins + board.draws / 2) / board.games if board.games else None,
            "elo": estimate, "los": los if slot == 0 else 1.0 - los,
            "ponder_hits": sum(r.ponder_hits[slot] for r in board.records),
            "ponder_misses": sum(r.ponder_misses[slot] for r in board.records),
            "peak_memory_kb": max(peaks, default=None),
        })
    terminations = {}
    for (kind, winner), count in board.terminations.items():
        row = terminations.setdefault(kind, {"reason": kind, "games": 0, "won_by": [0, 0], "drawn": 0})
        row["games"] += count
        if winner is None:
            row["drawn"] += count
        else:
            row["won_by"][winner] += count
    data = {
        "games": board.games,
        "engines": engines,
        "elo_per_game": per_game,
        "elo_per_pair": board.elo_per_pair(),
        "pairs": sum(board.pentanomial),
        "pentanomial": list(board.pentanomial),
        "terminations": sorted(terminations.values(), key=lambda row: -row["games"]),
        "engine_errors": sum(len(r.engine_errors) for r in board.records),
        "warnings": sum(len(r.warnings) for r in board.records),
        "sprt": None,
        "lost": sorted(lost, key=lambda entry: entry["game"]),
    }
    if sprt:
        lower, upper = sprt.bounds()
        data["sprt"] = {
            "elo0": sprt.elo0, "elo1": sprt.elo1, "alpha": sprt.alpha, "beta": sprt.beta,
            "llr": sprt.llr(board.pentanomial), "lower": lower, "upper": upper,
            "decision": sprt_stop.decision if sprt_stop else None,
            "decided_at_pair": sprt_stop.pairs if sprt_stop else None,
        }
    return data


def table(rows, align):
    """Columns padded to their widest cell; `align` holds '<' or '>' per column."""
    widths = [max(len(str(row[i])) for row in rows) for i in range(len(align))]
    return "\n".join("  ".join(f"{str(cell):{a}{w}}" for cell, a, w in zip(row, align, widths)).rstrip()
                     for row in rows)


def summary_text(data, sprt=None):
    names = [e["name"] for e in data["engines"]]
    rows = [["engine", "games", "W", "D", "L", "score", "Elo (95%)", "LOS"]]
    for e in data["engines"]:
        score = "-" if e["score"] is None else f"{e['score']:.1%}"
        rows.append([e["name"], e["games"], e["wins"], e["draws"], e["losses"], score,
                     format_elo(e["elo"]), f"{e['los']:.1%}"])
    lines = [table(rows, "<>>>>>>>"), ""]
    lines.append(f"Elo of {names[0]} against {names[1]}: {format_elo(data['elo_per_game'])} per game, "
                 f"{format_elo(data['elo_per_pair'])} per pair ({data['pairs']} complete pairs)")
    lines.append("pairs by {}'s points (0, 1/2, 1, 3/2, 2): {}".format(
        names[0], " ".join(str(n) for n in data["pentanomial"])))
    if data["sprt"]:
        s = data["sprt"]
        verdict = {"H1": f"H1 accepted ({names[0]} is stronger by about {s['elo1']:g} Elo or more)",
                   "H0": f"H0 accepted ({names[0]} is not stronger by {s['elo1']:g} Elo)",
                   None: "no decision"}[s["decision"]]
        if s["decision"]:
            verdict += f" after {s['decided_at_pair']} pairs"
        lines.append(f"SPRT {sprt}: {_llr_text(sprt, s['llr'])}: {verdict}")
    if data["terminations"]:
        rows = [["termination", "games", f"{names[0]} won", f"{names[1]} won", "drawn"]]
        rows += [[t["reason"], t["games"], t["won_by"][0], t["won_by"][1], t["drawn"]]
                 for t in data["terminations"]]
        lines += ["", table(rows, "<>>>>")]
    notes = []
    if any(e["ponder_hits"] or e["ponder_misses"] for e in data["engines"]):
        notes.append("pondering: " + ", ".join(f"{e['name']} {e['ponder_hits']} hits, {e['ponder_misses']} misses"
                                               for e in data["engines"]))
    if any(e["peak_memory_kb"] for e in data["engines"]):
        notes.append("peak resident memory: " + ", ".join(
            f"{e['name']} {e['peak_memory_kb'] / 1024:.1f} MB" for e in data["engines"] if e["peak_memory_kb"]))
    if data["engine_errors"]:
        notes.append(f"the engines sent {data['engine_errors']} error lines (listed per game in --json)")
    if data["lost"]:
        notes.append(f"{len(data['lost'])} games lost to worker faults, counted for nobody (--resume plays "
                     "them again): " + ", ".join(f"game {entry['game']} ({entry['reason']})" for entry in data["lost"]))
    if data["warnings"]:
        notes.append(f"{data['warnings']} warnings: problems that did not decide a game (listed per game in --json)")
    if notes:
        lines += [""] + notes
    return "\n".join(lines)
