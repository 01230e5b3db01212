/**
 * The longest run of values that appear in increasing order, not necessarily side by side (the
 * longest increasing subsequence), as the indexes into `values` that form it. Patience sorting:
 * O(n log n), and for equal lengths the one ending earliest, so ties resolve the same every time.
 */
export const longestIncreasingRun = (values: ReadonlyArray<number>): number[] => {
  // tails[k]: index of the smallest last value of a run of length k + 1 seen so far.
  const tails: number[] = []
  const previous: number[] = new Array<number>(values.length).fill(-1)
  values.forEach((value, index) => {
    let low = 0
    let high = tails.length
    while (low < high) {
      const middle = (low + high) >> 1
      if (values[tails[middle]!]! < value) low = middle + 1
      else high = middle
    }
    if (low > 0) previous[index] = tails[low - 1]!
    tails[low] = index
  })
  const run: number[] = []
  for (let index = tails.length > 0 ? tails[tails.length - 1]! : -1; index !== -1; index = previous[index]!) run.push(index)
  return run.reverse()
}

/**
 * One step of the same patience sorting, for a run's length alone: places `value` among `tails`
 * (the smallest last value of a run of each length so far) and answers the longest length now.
 */
export const placeInRun = (tails: Int32Array, length: number, value: number): number => {
  let low = 0
  let high = length
  while (low < high) {
    const middle = (low + high) >> 1
    if (tails[middle]! < value) low = middle + 1
    else high = middle
  }
  tails[low] = value
  return low === length ? length + 1 : length
}
