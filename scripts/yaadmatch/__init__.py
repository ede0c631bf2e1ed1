"""yaadmatch: the engine-vs-engine match runner behind scripts/match.

Two Hub engines play each other from openings, each opening twice with the
colours swapped; every rules decision is asked of `yaad referee`, so the
runner itself knows no draughts rules. One job per module:

    hubline      read and write Hub protocol lines
    lineproc     a child process spoken to line by line, with timeouts
    hub_engine   one Hub engine: handshake, search requests, pondering, faults
    memory       an engine process's resident memory, from Linux /proc
    referee      the `yaad referee` process that judges every move
    fen          reading the referee's PDN FEN (side to move, Hub string)
    clocks       time controls and the runner's own clocks
    adjudication draw and win adjudication from the engines' scores
    openings     random openings from yaad, or openings from a file
    game         one game between two engines
    records      the record of a finished game
    scoreboard   running totals of a match
    tally        counting each finished game once: scoreboard, SPRT stop, listeners
    stats        Elo, its interval, LOS and the pentanomial SPRT
    pdn          PDN games: reading openings, writing the match
    report       the progress line and the final summary
    jsonout      the --json file
    matchfiles   the --pdn and --json files, written as games finish
    resume       --resume: reading an interrupted match's file, the games left
    runner       the match on local threads: workers, scheduling, SPRT stop
    cluster      the match on a Dask cluster (--cluster; the only module importing Dask)
    cluster_task what a Dask worker runs: one game pair
    cli          the command line of scripts/match
"""
