"""scripts/selfplay --cluster: every shard a task of a Dask cluster.

A shard's games depend only on the run's settings and the shard number, so
wherever it is played it is the same shard. The worker returns the shard's
bytes; the client writes them to NNNNN.rec.tmp and renames it into place,
and never writes a shard that is already there: each shard lands exactly
once, and the same command resumes a run stopped at any point (only the
shards missing are played). A shard whose worker dies is played again on
another (Dask's allowed-failures, 3); one that kills 3 workers is reported
as lost and left missing, for the next run of the command to play.
"""

import time
import uuid
from collections import deque
from pathlib import Path

from distributed import as_completed

from yaadmatch import dask_setup

from . import shard as shard_task

SCRIPTS = Path(__file__).resolve().parents[1]


def play_shards(where, yaad, commands, shards_dir, total, done_before):
    """Plays the shards of `commands` ({shard number: command without --out}) on the cluster at
    `where`; returns the shard numbers lost to worker faults. Raises ClusterError, or the first
    task's error other than a worker's death."""
    cluster, client = dask_setup.connect(where)
    lost = []
    try:
        for package in ("yaadmatch", "yaadselfplay"):
            dask_setup.ship(client, SCRIPTS / package)
        dask_setup.check_workers(client, yaad)
        todo = deque(sorted(commands))
        active = {}
        finished = as_completed()
        start = time.monotonic()
        run = uuid.uuid4().hex[:12]
        played = 0

        def submit_more():
            while todo and len(active) < max(2, 2 * dask_setup.workers(client)[1]):
                number = todo.popleft()
                future = client.submit(shard_task.play_shard, commands[number], number, pure=False,
                                       key=f"yaad-selfplay-shard-{number}-{run}")
                active[future] = number
                finished.add(future)

        submit_more()
        for future in finished:
            number = active.pop(future)
            if future.status == "finished":
                data, summary = future.result()
                if _land(shards_dir, number, data):
                    played += 1
                    elapsed = time.monotonic() - start
                    left = len(todo) + len(active)
                    alive, threads = dask_setup.workers(client)
                    print(f"selfplay: shard {number} done ({done_before + played}/{total}), {summary}; "
                          f"elapsed {elapsed:.0f} s, eta {elapsed / played * left:.0f} s, "
                          f"workers {alive} ({threads} threads)", flush=True)
            elif type(future.exception()).__name__ == "KilledWorker":
                lost.append(number)
                print(f"selfplay: shard {number} lost: every worker that played it died", flush=True)
            else:
                client.cancel(list(active))
                raise future.exception()
            future.release()
            submit_more()
    finally:
        client.close()
        if cluster:
            cluster.close()
    return lost


def _land(shards_dir, number, data):
    """Writes shard `number` once: False if it is there already."""
    final = shards_dir / f"{number:05d}.rec"
    if final.exists():
        return False
    partial = shards_dir / f"{number:05d}.rec.tmp"
    partial.write_bytes(data)
    partial.rename(final)
    return True
