// WAR hazard between the generic proxy and the async proxy on Hopper (sm_90a).
//
// Every CTA owns a shared buffer of WORDS 32-bit words. In a loop it reads the
// buffer with ordinary ld.shared (generic proxy) and then overwrites the same
// bytes with cp.async.bulk (async proxy, completion on an mbarrier). Without a
// fence.proxy.async between the two, the PTX memory model does not order the
// reads before the bulk write: a read may return the *new* data.
//
// Detection is per element. Global memory holds NVER versions of the buffer;
// word w of version v is (v << 20) | w. Load k fills the buffer with version
// k % NVER, so the reads of iteration i (which follow load i-1 and precede
// load i) must all see version (i-1) % NVER. A value of version i % NVER is
// counted as "new" (the hazard), any other wrong value as "other".
//
// The file is compiled with `nvcc -arch=sm_90a -ptx` WITHOUT any proxy fence;
// the validation script runs `proxyfence fix` on that PTX to obtain the fenced
// variant. -DHAND_FENCE adds fences where CUTLASS and Triton put them (every
// thread, before the execution barrier), for comparison. Every shared-memory
// access is inline PTX so that nvcc emits exactly these instructions.
//
// Kernels (all take the same parameters):
//   war_cta     all threads read the whole buffer, bar.sync, thread 0 issues
//               one bulk copy of the whole buffer, everyone waits.
//   war_warp    warp w reads its slice, __syncwarp, lane 0 copies the slice
//               (one mbarrier per warp): no CTA barrier in the loop.
//   war_thread  each thread reads its own 16-byte chunks and immediately
//               copies them itself (one mbarrier per thread): the read and
//               the bulk write are in the same thread, nothing in between.
//   race_nobar  positive control: like war_cta without the bar.sync, and the
//               warps other than warp 0 sleep before reading, so thread 0's
//               copy overtakes their reads. This is an execution race that no
//               proxy fence can fix; it shows that the detector sees "new".
//
// Parameters: src (NVER versions of the buffer), nver, iters, conflict (1:
// the reads hit the same 4 banks across a warp, 8x slower, to keep them in
// flight longer), counts (u64[2]: new, other; accumulated with atomics).

#include <cstdint>

#ifndef WORDS
#define WORDS 8192 // 32 KiB per CTA
#endif
#ifndef THREADS
#define THREADS 256
#endif

constexpr int kChunks = WORDS / 4;          // 16-byte chunks in the buffer
constexpr int kPerThread = kChunks / THREADS;
constexpr int kWarps = THREADS / 32;
static_assert(kChunks % THREADS == 0, "WORDS must be a multiple of 4*THREADS");

__device__ __forceinline__ uint32_t shared_addr(const void *p) {
  return static_cast<uint32_t>(__cvta_generic_to_shared(p));
}

__device__ __forceinline__ void ld_v4(uint32_t addr, uint32_t (&v)[4]) {
  asm volatile("ld.shared.v4.u32 {%0, %1, %2, %3}, [%4];"
               : "=r"(v[0]), "=r"(v[1]), "=r"(v[2]), "=r"(v[3])
               : "r"(addr)
               : "memory");
}

__device__ __forceinline__ void mbar_init(uint32_t bar, uint32_t count) {
  asm volatile("mbarrier.init.shared::cta.b64 [%0], %1;" ::"r"(bar), "r"(count) : "memory");
}

__device__ __forceinline__ void mbar_expect_tx(uint32_t bar, uint32_t bytes) {
  asm volatile("mbarrier.arrive.expect_tx.shared::cta.b64 _, [%0], %1;" ::"r"(bar), "r"(bytes) : "memory");
}

__device__ __forceinline__ void mbar_wait(uint32_t bar, uint32_t parity) {
  uint32_t done = 0;
  while (!done) {
    asm volatile("{\n\t.reg .pred p;\n\t"
                 "mbarrier.try_wait.parity.shared::cta.b64 p, [%1], %2;\n\t"
                 "selp.u32 %0, 1, 0, p;\n\t}"
                 : "=r"(done)
                 : "r"(bar), "r"(parity)
                 : "memory");
  }
}

__device__ __forceinline__ void bulk_load(uint32_t dst, const void *src, uint32_t bytes, uint32_t bar) {
  asm volatile("cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes [%0], [%1], %2, [%3];" ::"r"(dst),
               "l"(src), "r"(bytes), "r"(bar)
               : "memory");
}

__device__ __forceinline__ void hand_fence() {
#ifdef HAND_FENCE
  asm volatile("fence.proxy.async.shared::cta;" ::: "memory");
#endif
}

// Chunk index of thread t's c-th chunk. conflict=0: consecutive lanes read
// consecutive 16-byte chunks (no bank conflict). conflict=1: the lanes of a
// warp read chunks 8 apart (128 bytes), all in the same 4 banks.
__device__ __forceinline__ int chunk_of(int t, int c, int conflict) {
  if (!conflict)
    return c * THREADS + t;
  int lane = t & 31, warp = t >> 5;
  int idx = c * kWarps + warp; // 0 .. kChunks/32
  return (idx >> 3) * 256 + lane * 8 + (idx & 7);
}

__device__ __forceinline__ uint32_t value_of(uint32_t version, uint32_t word) { return (version << 20) | word; }

__device__ __forceinline__ void check_chunk(const uint32_t (&v)[4], int chunk, uint32_t old_ver, uint32_t new_ver,
                                            uint32_t &n_new, uint32_t &n_other) {
#pragma unroll
  for (int k = 0; k < 4; ++k) {
    uint32_t w = chunk * 4 + k;
    if (v[k] != value_of(old_ver, w)) {
      if (v[k] == value_of(new_ver, w))
        ++n_new;
      else
        ++n_other;
    }
  }
}

__device__ __forceinline__ void report(unsigned long long *counts, uint32_t n_new, uint32_t n_other) {
  if (n_new)
    atomicAdd(&counts[0], (unsigned long long)n_new);
  if (n_other)
    atomicAdd(&counts[1], (unsigned long long)n_other);
}

extern "C" __global__ void __launch_bounds__(THREADS)
    war_cta(const uint32_t *__restrict__ src, int nver, int iters, int conflict, unsigned long long *counts) {
  __shared__ alignas(128) uint32_t buf[WORDS];
  __shared__ alignas(8) uint64_t bar;
  const int t = threadIdx.x;
  const uint32_t sbuf = shared_addr(buf), sbar = shared_addr(&bar);
  constexpr uint32_t kBytes = WORDS * 4;
  if (t == 0)
    mbar_init(sbar, 1);
  __syncthreads();
  if (t == 0) {
    mbar_expect_tx(sbar, kBytes);
    bulk_load(sbuf, src, kBytes, sbar);
  }
  uint32_t n_new = 0, n_other = 0;
  for (int i = 1; i <= iters; ++i) {
    mbar_wait(sbar, (i - 1) & 1);
    uint32_t v[kPerThread][4];
#pragma unroll
    for (int c = 0; c < kPerThread; ++c)
      ld_v4(sbuf + 16 * chunk_of(t, c, conflict), v[c]);
    hand_fence();
    __syncthreads();
    const uint32_t old_ver = (i - 1) % nver, new_ver = i % nver;
    if (t == 0) {
      mbar_expect_tx(sbar, kBytes);
      bulk_load(sbuf, src + (size_t)new_ver * WORDS, kBytes, sbar);
    }
#pragma unroll
    for (int c = 0; c < kPerThread; ++c)
      check_chunk(v[c], chunk_of(t, c, conflict), old_ver, new_ver, n_new, n_other);
  }
  mbar_wait(sbar, iters & 1); // the last load must land before the CTA exits
  report(counts, n_new, n_other);
}

extern "C" __global__ void __launch_bounds__(THREADS)
    war_warp(const uint32_t *__restrict__ src, int nver, int iters, int conflict, unsigned long long *counts) {
  __shared__ alignas(128) uint32_t buf[WORDS];
  __shared__ alignas(8) uint64_t bars[kWarps];
  const int t = threadIdx.x, lane = t & 31, warp = t >> 5;
  constexpr int kSliceWords = WORDS / kWarps;
  constexpr uint32_t kBytes = kSliceWords * 4;
  constexpr int kPerLane = kSliceWords / 4 / 32;
  const uint32_t sbuf = shared_addr(buf) + warp * kBytes, sbar = shared_addr(&bars[warp]);
  const uint32_t *wsrc = src + warp * kSliceWords;
  if (lane == 0)
    mbar_init(sbar, 1);
  __syncthreads();
  if (lane == 0) {
    mbar_expect_tx(sbar, kBytes);
    bulk_load(sbuf, wsrc, kBytes, sbar);
  }
  uint32_t n_new = 0, n_other = 0;
  for (int i = 1; i <= iters; ++i) {
    mbar_wait(sbar, (i - 1) & 1);
    uint32_t v[kPerLane][4];
    int chunk[kPerLane];
#pragma unroll
    for (int c = 0; c < kPerLane; ++c) {
      // conflict: lanes 8 chunks apart within the slice
      int local = conflict ? (((c >> 3) * 256 + lane * 8 + (c & 7)) % (kSliceWords / 4)) : (c * 32 + lane);
      chunk[c] = local;
      ld_v4(sbuf + 16 * local, v[c]);
    }
    hand_fence();
    __syncwarp();
    const uint32_t old_ver = (i - 1) % nver, new_ver = i % nver;
    if (lane == 0) {
      mbar_expect_tx(sbar, kBytes);
      bulk_load(sbuf, wsrc + (size_t)new_ver * WORDS, kBytes, sbar);
    }
#pragma unroll
    for (int c = 0; c < kPerLane; ++c)
      check_chunk(v[c], warp * (kSliceWords / 4) + chunk[c], old_ver, new_ver, n_new, n_other);
  }
  mbar_wait(sbar, iters & 1);
  report(counts, n_new, n_other);
}

extern "C" __global__ void __launch_bounds__(THREADS)
    war_thread(const uint32_t *__restrict__ src, int nver, int iters, int conflict, unsigned long long *counts) {
  __shared__ alignas(128) uint32_t buf[WORDS];
  __shared__ alignas(8) uint64_t bars[THREADS];
  const int t = threadIdx.x;
  const uint32_t sbuf = shared_addr(buf), sbar = shared_addr(&bars[t]);
  mbar_init(sbar, 1);
  __syncthreads();
  mbar_expect_tx(sbar, kPerThread * 16);
#pragma unroll
  for (int c = 0; c < kPerThread; ++c) {
    int q = chunk_of(t, c, conflict);
    bulk_load(sbuf + 16 * q, src + 4 * q, 16, sbar);
  }
  uint32_t n_new = 0, n_other = 0;
  for (int i = 1; i <= iters; ++i) {
    mbar_wait(sbar, (i - 1) & 1);
    uint32_t v[kPerThread][4];
#pragma unroll
    for (int c = 0; c < kPerThread; ++c)
      ld_v4(sbuf + 16 * chunk_of(t, c, conflict), v[c]);
    hand_fence();
    const uint32_t old_ver = (i - 1) % nver, new_ver = i % nver;
    mbar_expect_tx(sbar, kPerThread * 16);
#pragma unroll
    for (int c = 0; c < kPerThread; ++c) {
      int q = chunk_of(t, c, conflict);
      bulk_load(sbuf + 16 * q, src + (size_t)new_ver * WORDS + 4 * q, 16, sbar);
    }
#pragma unroll
    for (int c = 0; c < kPerThread; ++c)
      check_chunk(v[c], chunk_of(t, c, conflict), old_ver, new_ver, n_new, n_other);
  }
  mbar_wait(sbar, iters & 1);
  report(counts, n_new, n_other);
}

extern "C" __global__ void __launch_bounds__(THREADS)
    race_nobar(const uint32_t *__restrict__ src, int nver, int iters, int conflict, unsigned long long *counts) {
  __shared__ alignas(128) uint32_t buf[WORDS];
  __shared__ alignas(8) uint64_t bar;
  const int t = threadIdx.x;
  const uint32_t sbuf = shared_addr(buf), sbar = shared_addr(&bar);
  constexpr uint32_t kBytes = WORDS * 4;
  if (t == 0)
    mbar_init(sbar, 1);
  __syncthreads();
  if (t == 0) {
    mbar_expect_tx(sbar, kBytes);
    bulk_load(sbuf, src, kBytes, sbar);
  }
  uint32_t n_new = 0, n_other = 0;
  for (int i = 1; i <= iters; ++i) {
    mbar_wait(sbar, (i - 1) & 1);
    __syncthreads(); // everyone has passed the wait before load i is issued
    if (t >= 32)
      __nanosleep(4000); // let warp 0's copy overtake the other warps' reads
    uint32_t v[kPerThread][4];
#pragma unroll
    for (int c = 0; c < kPerThread; ++c)
      ld_v4(sbuf + 16 * chunk_of(t, c, conflict), v[c]);
    hand_fence();
    const uint32_t old_ver = (i - 1) % nver, new_ver = i % nver;
    if (t == 0) {
      mbar_expect_tx(sbar, kBytes);
      bulk_load(sbuf, src + (size_t)new_ver * WORDS, kBytes, sbar);
    }
#pragma unroll
    for (int c = 0; c < kPerThread; ++c)
      check_chunk(v[c], chunk_of(t, c, conflict), old_ver, new_ver, n_new, n_other);
  }
  mbar_wait(sbar, iters & 1);
  report(counts, n_new, n_other);
}
