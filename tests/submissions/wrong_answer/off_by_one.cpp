// Mistake: ">= 2" where the rule for an odd number of zeros needs "> 2".
class Solution {
public:
    bool stoneGameIX(vector<int>& stones) {
        int counts[3] = {0, 0, 0};
        for (int stone : stones) counts[stone % 3]++;
        if (counts[0] % 2 == 0) return counts[1] >= 1 && counts[2] >= 1;
        return abs(counts[1] - counts[2]) >= 2;
    }
};
