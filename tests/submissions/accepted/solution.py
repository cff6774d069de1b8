class Solution:
    def stoneGameIX(self, stones: List[int]) -> bool:
        counts = [0, 0, 0]
        for stone in stones:
            counts[stone % 3] += 1
        zeros, ones, twos = counts
        if zeros % 2 == 0:
            return ones >= 1 and twos >= 1
        return abs(ones - twos) > 2
