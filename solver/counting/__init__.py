"""Counting solutions at scale: bit-mask jobs on every core, unique solutions, numba kernels, a Dask
cluster, the estimate and the published counts."""
