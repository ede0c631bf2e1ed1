"""scripts/match --cluster: the games played as tasks of a Dask cluster.

The client (this process) keeps everything a local match keeps: the
openings, the count, the SPRT, the files. Each task plays one game pair
with engine processes of its own on a worker and returns the records;
they are counted as they come. Tasks are submitted a few at a time (twice
the cluster's threads), so an SPRT decision leaves little queued: the
pairs not yet begun then see the match's stop Event and return without
playing, while those begun finish and are counted, as in a local match.

A worker that dies mid-game takes its pair with it: the scheduler runs the
task again on another worker (Dask's `allowed-failures`, 3 by default);
a pair whose workers die that often is recorded as lost to a fault,
counted for nobody, and played again by --resume. A game number is
counted once only (tally.Tally).
"""

import logging
import tempfile
import uuid
import zipfile
from collections import deque
from dataclasses import replace
from pathlib import Path

from distributed import Client, Event, LocalCluster, as_completed

from . import cluster_task
from .runner import settle_names

PACKAGE = Path(__file__).resolve().parent


class ClusterError(Exception):
    """The cluster cannot play the match (no connection, a worker lacking a program)."""


def _package_zip(directory):
    """The yaadmatch package as a zip that Client.upload_file puts on every worker's path
    (workers started by `dask worker` elsewhere have no copy of this repository's scripts)."""
    path = Path(directory) / "yaadmatch.zip"
    with zipfile.ZipFile(path, "w") as archive:
        for source in sorted(PACKAGE.glob("*.py")):
            archive.write(source, f"yaadmatch/{source.name}")
    return path


class ClusterMatch:
    def __init__(self, plan, address):
        self.plan = plan
        self.address = address
        self.names = None
        self.error = None
        self.interrupted = False
        self.client = None
        self._cluster = None
        self._run = uuid.uuid4().hex[:12]
        # What a worker needs of the plan: no openings (the client draws them), no local log.
        self._worker_plan = replace(plan, openings=None, log=None, todo=None)

    def start_engines(self):
        """Connects (or starts the local cluster), ships the code, checks every worker present
        for the programs and starts both engines once on one. Raises ClusterError or the
        engine's EngineStartError."""
        try:
            if self.address.startswith("local:"):
                self._cluster = LocalCluster(n_workers=int(self.address[len("local:"):]), threads_per_worker=1,
                                             processes=True, host="127.0.0.1", scheduler_port=0,
                                             dashboard_address=None, silence_logs=logging.ERROR)
                self.client = Client(self._cluster)
            else:
                self.client = Client(self.address, timeout=30)
        except OSError as e:
            self.close()
            raise ClusterError(f"cannot reach the Dask scheduler at {self.address}: {e}") from e
        try:
            with tempfile.TemporaryDirectory() as directory:
                self.client.upload_file(str(_package_zip(directory)))
            commands = [spec.command for spec in self.plan.engines]
            missing = self.client.run(cluster_task.missing_programs, self.plan.yaad, commands)
            problems = [f"worker {worker}: {problem}" for worker, lines in sorted(missing.items())
                        for problem in lines]
            if problems:
                raise ClusterError("; ".join(problems))
            probe = self.client.submit(cluster_task.engine_names, self._worker_plan, pure=False,
                                       key=f"yaad-probe-{self._run}")
            self.names = settle_names(self.plan.engines, probe.result())
        except BaseException:
            self.close()
            raise

    def workers(self):
        """(workers alive, their threads), as the scheduler last told the client."""
        workers = self.client.scheduler_info().get("workers", {})
        return len(workers), sum(w.get("nthreads", 1) for w in workers.values())

    def run(self, tally):
        stop_name = f"yaad-stop-{self._run}"
        stop = Event(stop_name, client=self.client)
        jobs = deque(self.plan.jobs())
        active = {}
        finished = as_completed()

        def submit_more():
            window = max(2, 2 * self.workers()[1])
            while jobs and len(active) < window:
                pair, whites = jobs.popleft()
                future = self.client.submit(cluster_task.play_pair, self._worker_plan, self.names, pair,
                                            self.plan.openings.get(pair), whites, stop_name, pure=False,
                                            key=f"yaad-pair-{pair + 1}-{self._run}")
                active[future] = (pair, whites)
                finished.add(future)

        try:
            submit_more()
            for future in finished:
                pair, whites = active.pop(future)
                self._collect(future, pair, whites, tally)
                future.release()
                if self.error:
                    stop.set()
                    self.client.cancel(list(active))
                    break
                if tally.stopped:
                    stop.set()
                    jobs.clear()
                submit_more()
        except KeyboardInterrupt:
            self.interrupted = True
            stop.set()
            self.client.cancel(list(active))
        finally:
            self.close()

    def _collect(self, future, pair, whites, tally):
        if future.status == "finished":
            for record in future.result() or ():
                tally.add(record)
            return
        error = future.exception()
        if type(error).__name__ == "KilledWorker":
            for white in whites:
                tally.lose(2 * pair + white + 1, pair + 1, "every worker that played it died")
        else:
            self.error = error

    def close(self):
        if self.client:
            self.client.close()
            self.client = None
        if self._cluster:
            self._cluster.close()
            self._cluster = None
