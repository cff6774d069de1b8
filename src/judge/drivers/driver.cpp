// LeetCode-style driver: what LeetCode adds around a C++ submission.
#include <bits/stdc++.h>
using namespace std;

#include "SUBMISSION_PATH"

int main() {
    ios::sync_with_stdio(false);
    cin.tie(nullptr);
    string line;
    string out;
    while (getline(cin, line)) {
        size_t open = line.find('[');
        if (open == string::npos) continue;
        vector<int> stones;
        const char* p = line.c_str() + open + 1;
        while (*p) {
            while (*p == ' ' || *p == ',' || *p == '\t') ++p;
            if (*p == ']' || *p == '\0' || *p == '\r') break;
            char* end;
            stones.push_back((int)strtol(p, &end, 10));
            p = end;
        }
        Solution solution;
        out += solution.stoneGameIX(stones) ? "true\n" : "false\n";
    }
    fwrite(out.data(), 1, out.size(), stdout);
    return 0;
}
