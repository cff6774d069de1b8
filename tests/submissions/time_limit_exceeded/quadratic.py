# Too slow: recounts the whole array for every stone, O(n^2).
class Solution:
    def stoneGameIX(self, stones: List[int]) -> bool:
        counts = [0, 0, 0]
        for stone in stones:
            counts[stone % 3] = sum(1 for other in stones if other % 3 == stone % 3)
        zeros, ones, twos = counts
        if zeros % 2 == 0:
            return ones >= 1 and twos >= 1
        return abs(ones - twos) > 2
