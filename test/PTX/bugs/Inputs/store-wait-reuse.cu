// Bug: `cp.async.bulk.wait_group.read 1` where 0 is needed. A persistent
// kernel with one staging buffer keeps "one store in flight" to overlap it
// with the next tile, but the next tile reuses the same buffer: the previous
// tile's bulk store may still be reading it when
//   - (default) every thread writes the next tile's values into it with
//     st.shared (generic write over a pending async read), or
//   - (REUSE_BY_TMA) the kernel only moves tiles (a TMA gather): thread 0
//     TMA-loads the next tile into the buffer and bulk-stores it, no thread
//     touches it with st.shared. The TMA load may overwrite bytes the
//     previous store is still reading: an async write over a pending async
//     read, which no proxy fence orders; only the completion wait does.
// FIXED: `wait_group.read 0` before the buffer is reused.
#include "common.cuh"

#ifdef FIXED
#define PENDING 0
#else
#define PENDING 1
#endif

__global__ void __launch_bounds__(128)
    stream(const __grid_constant__ TensorMap in, float *out, const float *src,
           int tiles) {
  __shared__ alignas(128) float stage[32 * 32];
  __shared__ alignas(8) uint64_t full;
  if (threadIdx.x == 0) {
    mbarInit(&full, 1);
    mbarInitFence();
  }
  __syncthreads();
  for (int t = 0; t < tiles; ++t) {
    if (threadIdx.x == 0)
      bulkWaitRead<PENDING>();
    __syncthreads();
#ifdef REUSE_BY_TMA
    if (threadIdx.x == 0) {
      mbarExpectTx(&full, sizeof(stage));
      tmaLoad2d(stage, &in, &full, 0, t * 32);
    }
    mbarWait(&full, t & 1);
#else
    for (int i = threadIdx.x; i < 32 * 32; i += 128)
      stage[i] = src[t * 1024 + i] * 2.0f;
    fenceProxyAsync();
#endif
    __syncthreads();
    if (threadIdx.x == 0) {
      bulkStore(out + t * 1024, stage, sizeof(stage));
      bulkCommit();
    }
  }
  if (threadIdx.x == 0)
    bulkWaitRead<0>();
}
