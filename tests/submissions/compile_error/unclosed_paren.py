class Solution:
    def stoneGameIX(self, stones: List[int]) -> bool:
        return (len(stones) > 0
