"""Resident memory of a child process, read from Linux /proc/<pid>/status.

VmRSS is what the process holds in memory now, VmHWM the most it ever
held. Sampled at every game's end (and just before a process is killed),
they show whether an engine's memory stays flat over a long match. Where
/proc is missing (not Linux) or the process is gone there is no sample.
"""

from dataclasses import dataclass


@dataclass(frozen=True)
class MemorySample:
    pid: int
    rss_kb: int   # VmRSS
    peak_kb: int  # VmHWM

    def to_json(self):
        return {"pid": self.pid, "rss_kb": self.rss_kb, "peak_kb": self.peak_kb}

    @staticmethod
    def from_json(data):
        """The sample to_json wrote (None for null)."""
        return MemorySample(data["pid"], data["rss_kb"], data["peak_kb"]) if data else None


def sample(pid):
    """The process's memory now, or None."""
    try:
        with open(f"/proc/{pid}/status", encoding="ascii", errors="replace") as status:
            text = status.read()
    except OSError:
        return None
    kb = {}
    for line in text.splitlines():
        name, _, value = line.partition(":")
        if name in ("VmRSS", "VmHWM") and value.split():
            kb[name] = int(value.split()[0])
    if len(kb) < 2:  # a zombie keeps its status file but no memory lines
        return None
    return MemorySample(pid, kb["VmRSS"], kb["VmHWM"])
