class Solution {
    public boolean stoneGameIX(int[] stones) {
        return stones.length > 0
    }
}
