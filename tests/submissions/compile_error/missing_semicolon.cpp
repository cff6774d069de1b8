class Solution {
public:
    bool stoneGameIX(vector<int>& stones) {
        int counts[3] = {0, 0, 0}
        for (int stone : stones) counts[stone % 3]++;
        return counts[1] >= 1 && counts[2] >= 1;
    }
};
