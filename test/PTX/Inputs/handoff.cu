// Two warp roles hand two staging buffers back and forth through mbarriers
// (sm_90a), the shape of CUTLASS's FMHA epilogue: warp 1 writes a buffer,
// fences and arrives on its `full` barrier; thread 0 waits on it, stores the
// buffer to global memory with a bulk copy (an async-proxy read), and, once
// `cp.async.bulk.wait_group.read` says the read is done, arrives on the
// buffer's `empty` barrier, on which warp 1 waits before writing the buffer
// again. The stores of both buffers are two commit groups; `wait_group.read
// 1` completes the first before its arrive, `wait_group.read 0` the second.
// Variants:
//   WAIT_A=2  the first wait weakened: stage0's read may be pending when its
//             arrive hands stage0 back, and warp 1 overwrites it;
//   WAIT_B=1  the second wait weakened: the same for stage1;
//   NO_WAIT_B no wait at all before stage1's arrive;
//   INDEXED   the `empty` barriers chosen by a kernel argument (0 or 1), so
//             their addresses are not one traced offset each.
#ifndef WAIT_A
#define WAIT_A 1
#endif
#ifndef WAIT_B
#define WAIT_B 0
#endif
#include <cstdint>

#define STR_(x) #x
#define STR(x) STR_(x)

__device__ __forceinline__ uint32_t smem(const void *p) {
  return static_cast<uint32_t>(__cvta_generic_to_shared(p));
}

__device__ __forceinline__ void wait(uint64_t *barrier, uint32_t phase) {
  asm volatile("{\n"
               ".reg .pred P1;\n"
               "WAIT:\n"
               "mbarrier.try_wait.parity.shared::cta.b64 P1, [%0], %1;\n"
               "@P1 bra DONE;\n"
               "bra WAIT;\n"
               "DONE:\n"
               "}" ::"r"(smem(barrier)),
               "r"(phase)
               : "memory");
}

__device__ __forceinline__ void arrive(uint64_t *barrier) {
  asm volatile("mbarrier.arrive.shared::cta.b64 _, [%0];" ::"r"(smem(barrier))
               : "memory");
}

__device__ __forceinline__ void store(float *out, const float *buffer) {
  asm volatile("cp.async.bulk.global.shared::cta.bulk_group [%0], [%1], 1024;"
               ::"l"(out), "r"(smem(buffer))
               : "memory");
  asm volatile("cp.async.bulk.commit_group;" ::: "memory");
}

__global__ void __launch_bounds__(64) kernel(float *out, int rounds,
                                             int first) {
  __shared__ alignas(128) float stage0[256];
  __shared__ alignas(128) float stage1[256];
  __shared__ alignas(8) uint64_t full[2], empty[2];
  unsigned t = threadIdx.x;
  if (t == 0) {
    for (int b = 0; b != 2; ++b) {
      asm volatile("mbarrier.init.shared::cta.b64 [%0], 32;" ::"r"(smem(&full[b])));
      asm volatile("mbarrier.init.shared::cta.b64 [%0], 1;" ::"r"(smem(&empty[b])));
    }
    asm volatile("fence.mbarrier_init.release.cluster;" ::: "memory");
  }
  __syncthreads();
  uint32_t phase = 0;
#ifdef INDEXED
  uint64_t *empty0 = &empty[first & 1], *empty1 = &empty[(first & 1) ^ 1];
#else
  uint64_t *empty0 = &empty[0], *empty1 = &empty[1];
#endif
  if (t == 0) {
    for (int r = 0; r != rounds; ++r, phase ^= 1) {
      wait(&full[0], phase);
      store(out + 512 * r, stage0);
      wait(&full[1], phase);
      store(out + 512 * r + 256, stage1);
      asm volatile("cp.async.bulk.wait_group.read " STR(WAIT_A) ";" ::: "memory");
      arrive(empty0);
#ifndef NO_WAIT_B
      asm volatile("cp.async.bulk.wait_group.read " STR(WAIT_B) ";" ::: "memory");
#endif
      arrive(empty1);
    }
    asm volatile("cp.async.bulk.wait_group 0;" ::: "memory");
  } else if (t / 32 == 1) {
    unsigned lane = t % 32;
    for (int r = 0; r != rounds; ++r, phase ^= 1) {
      wait(empty0, phase ^ 1);
      for (int j = 0; j != 8; ++j)
        stage0[lane + 32 * j] = float(r * j + lane);
      asm volatile("fence.proxy.async.shared::cta;" ::: "memory");
      arrive(&full[0]);
      wait(empty1, phase ^ 1);
      for (int j = 0; j != 8; ++j)
        stage1[lane + 32 * j] = float(r + j * lane);
      asm volatile("fence.proxy.async.shared::cta;" ::: "memory");
      arrive(&full[1]);
    }
  }
}
