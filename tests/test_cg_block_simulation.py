"""The cooperative-groups block (templates/cooperative_groups/hip_cg_collectives.h.j2) run on
the CPU: the rendered block is compiled with the host C++ compiler against a stand-in for
HIP's cooperative groups whose lanes are threads that meet at every shuffle, as a wavefront's
lanes do. reduce, the scans and memcpy_async must match a sequential fold in rank order for
tiles of every power-of-two size up to 64, for coalesced groups of any size, and for values
of several words (a non-commutative operator checks the order)."""

from __future__ import annotations

from pathlib import Path

from hipify_plus.templates import render

from .block_simulation import build_and_run, needs_compiler

# Stand-ins for the two HIP headers the block includes: each lane of a group is a thread, and
# a shuffle is a barrier-separated exchange through a shared slot per lane. Out-of-range
# sources read the lane's own value, as HIP's __shfl_down/__shfl_up do.
HIP_RUNTIME = """
#pragma once
#define __device__
#define __host__
struct Dim { unsigned x = 0, y = 0, z = 0; };
inline thread_local Dim threadIdx;
inline Dim blockDim{1024, 1, 1};
"""
HIP_COOPERATIVE_GROUPS = """
#pragma once
#include <barrier>
#include <vector>
namespace sim {
struct Wave {
  explicit Wave(unsigned n) : lanes(n), bar(n), slots(n) {}
  unsigned lanes;
  std::barrier<> bar;
  std::vector<unsigned> slots;
  unsigned exchange(unsigned lane, unsigned value, unsigned from) {
    slots[lane] = value;
    bar.arrive_and_wait();
    unsigned got = slots[from];
    bar.arrive_and_wait();
    return got;
  }
};
}  // namespace sim
namespace cooperative_groups {
class thread_group {
 public:
  thread_group(sim::Wave* wave, unsigned rank) : wave_(wave), rank_(rank) {}
  unsigned size() const { return wave_->lanes; }
  unsigned thread_rank() const { return rank_; }
  void sync() const { wave_->bar.arrive_and_wait(); }
  unsigned shfl(unsigned v, int src) const { return wave_->exchange(rank_, v, unsigned(src) % size()); }
  unsigned shfl_down(unsigned v, unsigned d) const {
    return wave_->exchange(rank_, v, rank_ + d < size() ? rank_ + d : rank_);
  }
  unsigned shfl_up(unsigned v, unsigned d) const { return wave_->exchange(rank_, v, rank_ >= d ? rank_ - d : rank_); }
 private:
  sim::Wave* wave_;
  unsigned rank_;
};
template <unsigned N, class Parent = void> class thread_block_tile : public thread_group {
 public:
  using thread_group::thread_group;
};
class thread_block {};
class coalesced_group : public thread_group {
 public:
  using thread_group::thread_group;
};
}  // namespace cooperative_groups
"""
SIMULATION = r"""
#include <cstdio>
#include <cstring>
#include <thread>
#include <vector>
#include <hip/hip_runtime.h>
#include "block.h"
namespace cg = cooperative_groups;

static int failures = 0;
#define CHECK(cond, ...) do { if (!(cond)) { ++failures; std::printf(__VA_ARGS__); std::printf("\n"); } } while (0)

const long long P = 1000000007;
struct Affine { long long a, b; };  // t -> a*t + b (mod P); 16 bytes: four shuffled words
struct Then {  // f then g: associative, not commutative
  Affine operator()(Affine f, Affine g) const { return {g.a * f.a % P, (g.a * f.b + g.b) % P}; }
};
bool same(Affine x, Affine y) { return x.a == y.a && x.b == y.b; }
bool same(int x, int y) { return x == y; }
bool same(double x, double y) { return x == y; }

template <class G, class F> void lanes(unsigned n, unsigned base, F body) {
  sim::Wave wave(n);
  std::vector<std::thread> threads;
  for (unsigned lane = 0; lane < n; ++lane)
    threads.emplace_back([&, lane] { threadIdx.x = base + lane; G g(&wave, lane); body(g, lane); });
  for (auto& t : threads) t.join();
}

template <class G, class T, class Op>
void check(const char* what, unsigned n, unsigned base, T (*value)(unsigned), Op op) {
  std::vector<T> reduced(n), inclusive(n), exclusive(n);
  lanes<G>(n, base, [&](G& g, unsigned lane) {
    T v = value(lane);
    reduced[lane] = cg::reduce(g, v, op);
    inclusive[lane] = cg::inclusive_scan(g, v, op);
    exclusive[lane] = cg::exclusive_scan(g, v, op);
  });
  T fold = value(0);
  for (unsigned r = 0; r < n; ++r) {
    if (r > 0) fold = op(fold, value(r));
    CHECK(same(inclusive[r], fold), "%s n=%u: inclusive_scan wrong at rank %u", what, n, r);
  }
  T prefix = T();
  for (unsigned r = 0; r < n; ++r) {
    CHECK(same(reduced[r], fold), "%s n=%u: reduce wrong at rank %u", what, n, r);
    if (r == 0) CHECK(same(exclusive[0], T()), "%s n=%u: exclusive_scan rank 0 is not T()", what, n);
    else CHECK(same(exclusive[r], prefix), "%s n=%u: exclusive_scan wrong at rank %u", what, n, r);
    prefix = r == 0 ? value(0) : op(prefix, value(r));
  }
}

int ints(unsigned r) { return int((r * 7919u + 13u) % 1000u) - 500; }
double doubles(unsigned r) { return 0.5 * r + 0.25; }
Affine maps(unsigned r) { return {(r * 31 + 7) % P, (r * 17 + 3) % P}; }

template <class G> void all(const char* what, unsigned n, unsigned base) {
  check<G>(what, n, base, ints, cg::plus<int>());
  check<G>(what, n, base, ints, cg::greater<int>());
  check<G>(what, n, base, ints, cg::less<int>());
  check<G>(what, n, base, ints, cg::bit_xor<int>());
  check<G>(what, n, base, ints, cg::bit_or<int>());
  check<G>(what, n, base, ints, cg::bit_and<int>());
  check<G>(what, n, base, doubles, cg::plus<double>());
  check<G>(what, n, base, maps, Then());
}

template <unsigned N> void tile() { all<cg::thread_block_tile<N, cg::thread_block>>("tile", N, 3 * N); }

void copies(unsigned n, unsigned bytes, unsigned offset) {
  std::vector<unsigned char> src(bytes + 8), dst(bytes + 8, 0);
  for (unsigned i = 0; i < src.size(); ++i) src[i] = (unsigned char)(i * 37 + 1);
  lanes<cg::coalesced_group>(n, 0, [&](cg::coalesced_group& g, unsigned) {
    cg::memcpy_async(g, dst.data() + offset, (const unsigned char*)src.data() + offset, bytes);
    cg::wait(g);
  });
  for (unsigned i = 0; i < dst.size(); ++i) {
    bool inside = i >= offset && i < offset + bytes;
    CHECK(dst[i] == (inside ? src[i] : 0), "memcpy_async n=%u bytes=%u offset=%u: byte %u", n, bytes, offset, i);
  }
}

int main() {
  tile<1>(); tile<2>(); tile<4>(); tile<8>(); tile<16>(); tile<32>(); tile<64>();
  for (unsigned n : {1u, 3u, 5u, 13u, 33u, 64u}) all<cg::coalesced_group>("coalesced", n, 0);
  copies(64, 1024, 0); copies(32, 1003, 1); copies(7, 64, 4); copies(5, 3, 2);
  std::printf(failures ? "%d failures\n" : "ok\n", failures);
  return failures != 0;
}
"""


@needs_compiler
def test_block_matches_a_sequential_fold(tmp_path: Path) -> None:
    block = render(
        "cooperative_groups/hip_cg_collectives.h.j2",
        header="reduce.h",
        parts=["functional", "group", "reduce", "scan", "memcpy_async"],
    )
    build_and_run(
        tmp_path,
        block,
        {"hip/hip_runtime.h": HIP_RUNTIME, "hip/hip_cooperative_groups.h": HIP_COOPERATIVE_GROUPS},
        SIMULATION,
    )
