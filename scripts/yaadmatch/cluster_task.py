"""What a Dask worker runs for scripts/match --cluster (it imports no Dask at module level, so the
package also loads where Dask is missing)."""

from .runner import Worker, pair_games


def play_pair(plan, names, pair, opening, whites, stop_name):
    """Plays the games of pair `pair` (from 0) whose White is in `whites` with fresh engine
    processes; returns their GameRecords, or None without playing when the match has stopped
    (the Dask Event `stop_name` is set) before this pair began."""
    from distributed import Event  # only ever called on a worker, where Dask is
    if Event(stop_name).is_set():
        return None
    worker = Worker(f"pair{pair + 1}", plan)
    try:
        for engine in worker.engines:
            engine.start()
        records = list(pair_games(plan, names, worker, pair, opening, whites))
    except BaseException:
        worker.kill()
        raise
    worker.close()
    return records


def engine_names(plan):
    """Starts both engines once on a worker: a wrong command fails before the match; returns the
    names the engines give."""
    worker = Worker("probe", plan)
    try:
        for engine in worker.engines:
            engine.start()
    finally:
        worker.kill()
    return [engine.id_name for engine in worker.engines]
