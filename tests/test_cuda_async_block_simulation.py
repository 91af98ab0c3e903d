"""The libcu++ block (templates/libcudacxx/hip_cuda_async.h.j2) run on the CPU: the rendered
block is compiled with the host C++ compiler against a stand-in for HIP whose threads are the
block's threads and whose __hip_atomic_* builtins are the compiler's __atomic_* ones. The
barrier must hold every thread of a phase until all have arrived, phase after phase, with split
arrive/wait, arrive_and_wait and arrive_and_drop mixed; the pipeline's and the barrier's
memcpy_async must copy every byte, aligned or not."""

from __future__ import annotations

from pathlib import Path

from hipify_plus.templates import render

from .block_simulation import build_and_run, needs_compiler

HIP_RUNTIME = """
#pragma once
#include <thread>
#define __device__
#define __host__
#define __HIP_MEMORY_SCOPE_WORKGROUP 0
#define __hip_atomic_load(p, order, scope) __atomic_load_n(p, order)
#define __hip_atomic_store(p, v, order, scope) __atomic_store_n(p, v, order)
#define __hip_atomic_fetch_add(p, v, order, scope) __atomic_fetch_add(p, v, order)
#define __hip_atomic_exchange(p, v, order, scope) __atomic_exchange_n(p, v, order)
#define __builtin_amdgcn_s_sleep(n) std::this_thread::yield()
struct uint4 { unsigned x, y, z, w; };
"""

SIMULATION = r"""
#include <hip/hip_runtime.h>
#include "block.h"
#include <atomic>
#include <cstdio>
#include <cstring>
#include <thread>
#include <vector>

constexpr int kThreads = 48, kPhases = 200, kDropping = 8, kDropFrom = 50;

// the last phase thread t takes part in: the first kDropping threads drop out one per phase
int last_phase(int t) { return t < kDropping ? kDropFrom + t : kPhases - 1; }

int main() {
  cuda::barrier<cuda::thread_scope_block> bar;
  init(&bar, kThreads);
  static std::atomic<int> arrived[kPhases];
  std::atomic<bool> failed{false};
  std::vector<std::thread> threads;
  for (int t = 0; t < kThreads; ++t) {
    threads.emplace_back([&, t] {
      for (int phase = 0; phase <= last_phase(t); ++phase) {
        arrived[phase].fetch_add(1);
        if (phase == last_phase(t) && t < kDropping) {
          bar.arrive_and_drop();
          return;
        }
        if (phase % 3 == 0) {
          bar.arrive_and_wait();
        } else {
          auto token = bar.arrive();
          bar.wait(std::move(token));
        }
        int taking_part = 0;  // every thread of this phase has arrived once it is released
        for (int u = 0; u < kThreads; ++u) taking_part += last_phase(u) >= phase;
        if (arrived[phase].load() != taking_part) failed = true;
      }
    });
  }
  for (auto& th : threads) th.join();
  if (failed) { std::puts("a thread left a phase before every thread arrived"); return 1; }

  // copies: every size and misalignment, through the pipeline and through the barrier
  alignas(16) unsigned char src[256], dst[256];
  for (int i = 0; i < 256; ++i) src[i] = static_cast<unsigned char>(i * 7 + 1);
  auto pipe = cuda::make_pipeline();
  cuda::barrier<cuda::thread_scope_block> one;
  init(&one, 1);
  const auto sixteen = cuda::aligned_size_t<16>(32);
  for (int offset = 0; offset < 17; ++offset) {
    for (int size = 0; size + offset < 240; size += 5) {
      std::memset(dst, 0, sizeof dst);
      cuda::memcpy_async(dst + offset, src + offset, static_cast<std::size_t>(size), pipe);
      cuda::pipeline_consumer_wait_prior<0>(pipe);
      if (std::memcmp(dst + offset, src + offset, size) != 0 || dst[offset + size] != 0) {
        std::printf("pipeline copy of %d bytes at %d\n", size, offset); return 1;
      }
      std::memset(dst, 0, sizeof dst);
      cuda::memcpy_async(dst + offset, src + offset, size, one);
      one.arrive_and_wait();
      if (std::memcmp(dst + offset, src + offset, size) != 0 || dst[offset + size] != 0) {
        std::printf("barrier copy of %d bytes at %d\n", size, offset); return 1;
      }
    }
  }
  std::memset(dst, 0, sizeof dst);
  cuda::memcpy_async(dst + 16, src + 16, sixteen, pipe);
  if (std::memcmp(dst + 16, src + 16, 32) != 0 || dst[48] != 0) { std::puts("aligned copy"); return 1; }
  std::puts("ok");
  return 0;
}
"""


@needs_compiler
def test_block_barrier_and_copies_on_threads(tmp_path: Path) -> None:
    block = render("libcudacxx/hip_cuda_async.h.j2", header="barrier", parts=["common", "pipeline", "barrier"])
    build_and_run(tmp_path, block, {"hip/hip_runtime.h": HIP_RUNTIME}, SIMULATION, timeout=60)
