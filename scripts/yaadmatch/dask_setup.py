"""What scripts/match --cluster and scripts/selfplay --cluster share to use a Dask cluster: the
address, the Python that has Dask, connecting, and sending a package of ours to the workers.
Only connect and ship import Dask, and only when called."""

import importlib.util
import logging
import os
import shlex
import shutil
import sys
import tempfile
import zipfile
from pathlib import Path

# Debian's python3-distributed is installed for this interpreter only.
DEBIAN_PYTHON = "/usr/bin/python3"


class ClusterError(Exception):
    """The cluster cannot do the work (no connection, a worker lacking a program)."""


def address(text):
    """`local:N` (a LocalCluster of N worker processes on 127.0.0.1) or `tcp://HOST:PORT` (a
    running `dask scheduler`); for argparse."""
    count = text[len("local:"):] if text.startswith("local:") else ""
    if count.isdigit() and int(count) >= 1:
        return text
    if text.startswith("tcp://") and text.rpartition(":")[2].isdigit():
        return text
    raise ValueError(f"expected local:N (N >= 1) or tcp://HOST:PORT, not {text!r}")


def run_with_dask(argv):
    """A script started by a Python without Dask (pyenv, a virtualenv) runs again under Debian's,
    which python3-distributed is installed for; returns an error message if neither has it."""
    if importlib.util.find_spec("distributed"):
        return None
    if os.access(DEBIAN_PYTHON, os.X_OK) and os.path.realpath(sys.executable) != os.path.realpath(DEBIAN_PYTHON):
        sys.stdout.flush()
        os.execv(DEBIAN_PYTHON, [DEBIAN_PYTHON, os.path.abspath(sys.argv[0]), *argv])
    return "--cluster needs Dask: apt-get install python3-distributed (scripts/setup installs it)"


def connect(where):
    """(LocalCluster or None, Client) for an address(). Raises ClusterError."""
    from distributed import Client, LocalCluster
    try:
        if where.startswith("local:"):
            # Ports left to the system: nothing fixed, loopback only.
            cluster = LocalCluster(n_workers=int(where[len("local:"):]), threads_per_worker=1, processes=True,
                                   host="127.0.0.1", scheduler_port=0, dashboard_address=None,
                                   silence_logs=logging.ERROR)
            return cluster, Client(cluster)
        return None, Client(where, timeout=30)
    except OSError as e:
        raise ClusterError(f"cannot reach the Dask scheduler at {where}: {e}") from e


def ship(client, package):
    """Puts the Python package directory `package` on every worker's path, the workers that join
    later included (Client.upload_file): workers started by `dask worker` elsewhere have no copy
    of this repository's scripts."""
    package = Path(package)
    with tempfile.TemporaryDirectory() as directory:
        path = Path(directory) / f"{package.name}.zip"
        with zipfile.ZipFile(path, "w") as archive:
            for source in sorted(package.glob("*.py")):
                archive.write(source, f"{package.name}/{source.name}")
        client.upload_file(str(path))


def workers(client):
    """(workers alive, their threads), as the scheduler last told the client."""
    known = client.scheduler_info().get("workers", {})
    return len(known), sum(w.get("nthreads", 1) for w in known.values())


def missing_programs(yaad, commands=()):
    """Run on each worker: what it lacks of the programs (the yaad binary, each engine command's
    program), one line each. They must be at the same path on every worker."""
    problems = []
    if not os.access(yaad, os.X_OK):
        problems.append(f"no yaad binary at {yaad}")
    for command in commands:
        program = shlex.split(command)[0]
        if not shutil.which(program):
            problems.append(f"no program {program} (from --engine {command!r}) in {os.getcwd()}")
    return problems


def check_workers(client, yaad, commands=()):
    """Raises ClusterError naming each worker present that lacks a program."""
    missing = client.run(missing_programs, yaad, list(commands))
    problems = [f"worker {worker}: {problem}" for worker, lines in sorted(missing.items()) for problem in lines]
    if problems:
        raise ClusterError("; ".join(problems))
