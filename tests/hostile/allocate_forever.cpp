// Allocates without bound: under the address-space limit new throws std::bad_alloc and
// the program aborts; the judge must call that MLE, not RE.
class Solution {
public:
    bool stoneGameIX(vector<int>& stones) {
        vector<vector<char>> blocks;
        while (true) blocks.emplace_back(1 << 24, 1);
        return stones.empty();
    }
};
