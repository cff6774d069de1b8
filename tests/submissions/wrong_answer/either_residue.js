// Mistake: with an even number of zeros Alice needs both residues, not either.
var stoneGameIX = function(stones) {
    const counts = [0, 0, 0];
    for (const stone of stones) counts[stone % 3]++;
    if (counts[0] % 2 === 0) return counts[1] >= 1 || counts[2] >= 1;
    return Math.abs(counts[1] - counts[2]) > 2;
};
