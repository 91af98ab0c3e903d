// A header only other.cu includes; other.cu needs a library header: where that library is not
// installed, the check gives this header's status through other.cu.
#pragma once

inline int twice(int n) { return 2 * n; }
