"""The benchmark harness: `make bench` times the app as it is served.

Kept outside `vinescore/` so that the product ships no benchmark code. It
is a Django app installed only by its own settings (bench.settings), which
add its commands (`bench`, `bench_tables`) and a floor for writes to the
app as served.
"""
