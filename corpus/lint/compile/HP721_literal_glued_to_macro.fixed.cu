// hipify-plus-test: fails-before
// Rodinia's mummergpu after renaming: format strings built from macros with no space around them.
#include <hip/hip_runtime.h>
#include <cinttypes>
#include <cstdio>
#include <string>

#define fNID "%d,%d"
#define NID(addr) (addr & 0x0000FFFF), ((addr & 0xFFFF0000) >> 16)
#define TRACE(x) printf("value (" fNID")\n", NID(x))  // expect: HP721

using namespace std::string_literals;

__device__ void show(unsigned int cur, char c)
{
    printf("In node (" fNID"): starting with %c\n", NID(cur), c);  // expect: HP721
}

void report(uint64_t bytes, unsigned int node)
{
    fprintf(stderr, "%" PRIu64" bytes\n", bytes);  // expect: HP721
    TRACE(node);
    std::string unit = "bytes"s;  // ok: HP721
    fprintf(stderr, "%s " "%d\n", unit.c_str(), 1);  // ok: HP721
}
