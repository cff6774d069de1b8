// LeetCode-style driver: what LeetCode adds around a Java submission.
import java.io.*;

public class Main {
    public static void main(String[] args) throws IOException {
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in), 1 << 16);
        StringBuilder out = new StringBuilder();
        String line;
        try {
            while ((line = in.readLine()) != null) {
                int open = line.indexOf('[');
                if (open < 0) continue;
                int close = line.lastIndexOf(']');
                String inner = line.substring(open + 1, close < 0 ? line.length() : close).trim();
                String[] tokens = inner.isEmpty() ? new String[0] : inner.split(",");
                int[] stones = new int[tokens.length];
                for (int i = 0; i < tokens.length; i++) stones[i] = Integer.parseInt(tokens[i].trim());
                out.append(new Solution().stoneGameIX(stones) ? "true\n" : "false\n");
            }
        } finally {
            // Answers given before a crash still count: the judge pins it on the next case.
            PrintStream stdout = new PrintStream(new FileOutputStream(FileDescriptor.out), false);
            stdout.print(out);
            stdout.flush();
        }
    }
}
