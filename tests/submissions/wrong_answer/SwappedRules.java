// Mistake: the rules for an even and an odd number of zeros are swapped.
class Solution {
    public boolean stoneGameIX(int[] stones) {
        int[] counts = new int[3];
        for (int stone : stones) counts[stone % 3]++;
        if (counts[0] % 2 == 1) return counts[1] >= 1 && counts[2] >= 1;
        return Math.abs(counts[1] - counts[2]) > 2;
    }
}
