"""The soak's report, computed from the chunks' match JSON files alone.

Faults are the games an engine lost by misbehaving (a crash, an illegal
move, a time forfeit, a timeout, or anything else the runner refused);
warnings and engine `error` lines decided no game but are listed too. The
clocks are replayed from the recorded move times to show how close the
engines came to losing on time. Memory is tracked per engine process: its
resident size at every game's end, and its peak.
"""

import math
from collections import Counter, defaultdict

from yaadmatch.clocks import CLOCK, MOVETIME, Clock, TimeControl
from yaadmatch.records import termination_kind
from yaadmatch.report import table

RULE_ENDINGS = {"no-pieces", "no-moves", "repetition", "no-progress", "lone-king"}
RUNNER_ENDINGS = {"adjudicated draw", "adjudicated win", "ply limit"}
NAMED_FAULTS = ("crash", "illegal move", "time forfeit", "timeout")
OTHER_FAULT = "other fault"
FAULT_KINDS = NAMED_FAULTS + (OTHER_FAULT,)
PLURALS = {"crash": "crashes", "illegal move": "illegal moves", "time forfeit": "time forfeits",
           "timeout": "timeouts", OTHER_FAULT: "other faults"}
GROWTH_NOTED_KB = 1024  # a process whose resident memory grew more than this is listed


def fault_of(reason):
    """The fault that ended a game (one of FAULT_KINDS), or None for a regular ending."""
    kind = termination_kind(reason)
    if kind in RULE_ENDINGS or kind in RUNNER_ENDINGS:
        return None
    return kind if kind in NAMED_FAULTS else OTHER_FAULT


def _loser(game):
    return {"1-0": game["black"], "0-1": game["white"]}.get(game["result"])


def clock_figures(game, tc_text, margin):
    """(the least time a side had left after a move, or None without a clock; the slowest move)."""
    tc = TimeControl.parse(tc_text)
    clocks = {side: Clock(tc, margin) for side in "WB"}
    side = game["opening"][0]  # the FEN's side to move
    least = math.inf
    for elapsed in game["move_times"]:
        clock = clocks[side]
        clock.begin_move()
        least = min(least, clock.remaining - elapsed)  # before a new period's time is added
        clock.end_move(elapsed)
        side = "B" if side == "W" else "W"
    least = least if tc.kind == CLOCK and math.isfinite(least) else None
    return least, max(game["move_times"], default=0.0)


def _tc_row():
    return {"games": 0, "ponder": False, "ponder_hits": 0, "ponder_misses": 0, "slowest_move": 0.0,
            "least_clock": None, "faults": 0}


def figures(chunks):
    """The report's figures from [(chunk name, match JSON)] of the played chunks, in order of play."""
    faults = Counter({kind: 0 for kind in FAULT_KINDS})
    terminations = Counter()
    variants = defaultdict(lambda: {"games": 0, "decisive": 0, "drawn": 0, "plies": 0, "faults": 0})
    tcs = defaultdict(_tc_row)
    fault_games, warnings, engine_errors = [], [], []
    processes = {}  # (chunk, engine slot, pid) -> resident sizes in KB, game by game
    peaks = defaultdict(int)  # engine slot -> the largest peak
    engine_names = []
    games = plies = 0
    seconds = 0.0
    for name, data in chunks:
        match = data["match"]
        variant, tc = match["variant"], match["tc"][0]
        engine_names = engine_names or [e["name"] for e in match["engines"]]
        tc_row = tcs[tc]
        tc_row["ponder"] = tc_row["ponder"] or any(match.get("ponder", []))
        for game in data["games"]:
            games += 1
            plies += game["plies"]
            seconds += game["duration"]
            where = {"chunk": name, "game": game["index"]}
            terminations[termination_kind(game["reason"])] += 1
            row = variants[variant]
            row["games"] += 1
            row["plies"] += game["plies"]
            row["drawn" if game["result"] == "1/2-1/2" else "decisive"] += 1
            tc_row["games"] += 1
            tc_row["ponder_hits"] += sum(game.get("ponder_hits", []))
            tc_row["ponder_misses"] += sum(game.get("ponder_misses", []))
            least, slowest = clock_figures(game, tc, match["timeout_margin"])
            tc_row["slowest_move"] = max(tc_row["slowest_move"], slowest)
            if least is not None and (tc_row["least_clock"] is None or least < tc_row["least_clock"]):
                tc_row["least_clock"] = least
            fault = fault_of(game["reason"])
            if fault:
                faults[fault] += 1
                row["faults"] += 1
                tc_row["faults"] += 1
                fault_games.append({**where, "variant": variant, "tc": tc, "loser": _loser(game),
                                    "reason": game["reason"], "plies": game["plies"]})
            warnings += [{**where, **w} for w in game.get("warnings", [])]
            engine_errors += [{**where, **e} for e in game["engine_errors"]]
            for slot, sample in enumerate(game.get("memory", [])):
                if sample:
                    processes.setdefault((name, slot, sample["pid"]), []).append(sample["rss_kb"])
                    peaks[slot] = max(peaks[slot], sample["peak_kb"])
    return {
        "chunks": len(chunks), "games": games, "plies": plies, "play_seconds": seconds,
        "faults": dict(faults), "fault_games": fault_games, "warnings": warnings, "engine_errors": engine_errors,
        "terminations": dict(terminations.most_common()),
        "variants": dict(variants), "tcs": dict(tcs),
        "memory": _memory_figures(engine_names, processes, peaks),
    }


def _memory_figures(names, processes, peaks):
    engines = []
    for slot, name in enumerate(names):
        series = [rss for (_, s, _), rss in processes.items() if s == slot]
        engines.append({"name": name, "peak_kb": peaks.get(slot),
                        "first_rss_kb": series[0][0] if series else None,
                        "last_rss_kb": series[-1][-1] if series else None})
    growth = [{"chunk": chunk, "engine": names[slot], "pid": pid, "games": len(rss),
               "first_rss_kb": rss[0], "last_rss_kb": rss[-1], "max_rss_kb": max(rss),
               "growth_kb": rss[-1] - rss[0]}
              for (chunk, slot, pid), rss in processes.items()]
    largest = max(growth, key=lambda p: p["growth_kb"], default=None)
    longest = max(growth, key=lambda p: p["games"], default=None)
    return {"engines": engines, "processes": len(processes), "largest_growth": largest,
            "longest_lived": longest, "grown": [p for p in growth if p["growth_kb"] > GROWTH_NOTED_KB]}


def _mb(kb):
    return "-" if kb is None else f"{kb / 1024:.1f}"


def _seconds(value):
    return "-" if value is None else f"{value:.3f} s"


def _duration(seconds):
    minutes = round(seconds / 60)
    return f"{minutes // 60} h {minutes % 60:02d} min" if minutes >= 60 else f"{minutes} min"


def text(f, planned_chunks=None, planned_games=None):
    """The report as the soak prints it."""
    out = []
    head = f"soak: {f['games']} games"
    if planned_games is not None:
        head += f" of {planned_games} planned"
    head += f", {f['chunks']} chunks" + (f" of {planned_chunks}" if planned_chunks is not None else "")
    head += f", {f['plies']} plies, {_duration(f['play_seconds'])} of play (summed over games)"
    out.append(head)
    counts = f["faults"]
    out.append("faults: " + ", ".join(f"{PLURALS[kind]} {counts[kind]}" for kind in FAULT_KINDS))
    out.append(f"warnings: {len(f['warnings'])}; engine error lines: {len(f['engine_errors'])}")

    rows = [["variant", "games", "decisive", "drawn", "plies/game", "faults"]]
    for variant, r in f["variants"].items():
        rows.append([variant, r["games"], r["decisive"], r["drawn"], f"{r['plies'] / r['games']:.0f}", r["faults"]])
    out += ["", table(rows, "<>>>>>")]

    rows = [["time control", "games", "ponder", "hits", "misses", "slowest move", "least clock left", "faults"]]
    for tc, r in f["tcs"].items():
        ponder = ["yes", r["ponder_hits"], r["ponder_misses"]] if r["ponder"] else ["no", "-", "-"]
        rows.append([tc, r["games"], *ponder, _seconds(r["slowest_move"]), _seconds(r["least_clock"]), r["faults"]])
    out += ["", table(rows, "<>>>>>>>")]
    movetimes = [tc for tc in f["tcs"] if TimeControl.parse(tc).kind == MOVETIME]
    if movetimes:
        out.append("(with movetime=S a move may take S plus the timeout margin)")

    rows = [["termination", "games"]] + [[kind, n] for kind, n in f["terminations"].items()]
    out += ["", table(rows, "<>")]

    memory = f["memory"]
    rows = [["memory (MB)", "peak", "first RSS", "last RSS"]]
    rows += [[e["name"], _mb(e["peak_kb"]), _mb(e["first_rss_kb"]), _mb(e["last_rss_kb"])] for e in memory["engines"]]
    out += ["", table(rows, "<>>>")]
    largest = memory["largest_growth"]
    if largest:
        out.append(f"{memory['processes']} engine processes; the largest growth of one process between its first "
                   f"and last game: {largest['growth_kb'] / 1024:+.1f} MB ({largest['engine']} in chunk "
                   f"{largest['chunk']}, {largest['games']} games)")
        longest = memory["longest_lived"]
        out.append(f"the longest-lived process: {longest['engine']} in chunk {longest['chunk']}, "
                   f"{longest['games']} games, resident {_mb(longest['first_rss_kb'])} MB after its first, "
                   f"{_mb(longest['max_rss_kb'])} MB at most, {_mb(longest['last_rss_kb'])} MB after its last")
        out.append(f"processes that grew by more than {GROWTH_NOTED_KB // 1024} MB: {len(memory['grown'])}")
        out += [f"  {p['chunk']} {p['engine']} pid {p['pid']}: {_mb(p['first_rss_kb'])} -> {_mb(p['last_rss_kb'])} MB "
                f"over {p['games']} games" for p in memory["grown"]]

    for title, items, describe in (
            ("faults", f["fault_games"],
             lambda g: f"{g['loser']} lost by {g['reason']} after {g['plies']} plies ({g['variant']}, {g['tc']})"),
            ("warnings", f["warnings"], lambda w: f"ply {w['ply']}, {w['engine']}: {w['message']}"),
            ("engine error lines", f["engine_errors"], lambda e: f"ply {e['ply']}, {e['engine']}: {e['message']}")):
        if items:
            out += ["", f"{title}:"] + [f"  {i['chunk']} game {i['game']}: {describe(i)}" for i in items]
    return "\n".join(out)
