"""What a Dask worker runs for scripts/selfplay --cluster: one shard, played into a scratch file
of the worker's and returned whole, since the client's disk is not the worker's."""

import subprocess
import tempfile
from pathlib import Path


class ShardError(Exception):
    """`yaad selfplay` failed on a worker."""


def play_shard(command, shard):
    """Runs `command` (a `yaad selfplay` command line without --out) for shard number `shard`;
    returns (the shard file's bytes, the summary line yaad printed)."""
    with tempfile.TemporaryDirectory(prefix="yaad-selfplay-") as scratch:
        path = Path(scratch) / f"{shard:05d}.rec"
        done = subprocess.run([*command, "--out", str(path)], capture_output=True, text=True)
        if done.returncode != 0:
            raise ShardError(f"shard {shard}: yaad selfplay exited with status {done.returncode}: "
                             f"{done.stderr.strip()}")
        return path.read_bytes(), done.stdout.strip()
