"""yaadselfplay: scripts/selfplay's shards played on a Dask cluster (--cluster).

    cluster   the client: shards as tasks, each written once into OUT/shards/
    shard     what a worker runs: one `yaad selfplay` shard, returned as bytes
"""
