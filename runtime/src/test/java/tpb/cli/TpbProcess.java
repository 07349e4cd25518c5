package tpb.cli;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Runs {@code tpb} in a child JVM (this test run's class path), for what an in-process run cannot
 * show: the process's umask, its heap limit, what reaches the real stdout and stderr.
 */
record TpbProcess(int code, String out, String err) {
    /** {@code tpb args} under {@code sh -c "SHELL_PREFIX exec java JVM_FLAGS tpb.cli.Tpb ARGS"}. */
    static TpbProcess run(Path dir, String shellPrefix, List<String> jvmFlags, String... args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>();
        command.add(ProcessHandle.current().info().command().orElse("java"));
        command.addAll(jvmFlags);
        command.add("-cp");
        command.add(System.getProperty("java.class.path"));
        command.add(Tpb.class.getName());
        command.addAll(List.of(args));
        StringBuilder cmd = new StringBuilder(shellPrefix).append(" exec");
        for (String a : command) {
            cmd.append(" '").append(a.replace("'", "'\\''")).append('\'');
        }
        Process p = new ProcessBuilder("sh", "-c", cmd.toString()).directory(dir.toFile())
                .redirectOutput(dir.resolve(".stdout").toFile()).redirectError(dir.resolve(".stderr").toFile()).start();
        p.getOutputStream().close();
        if (!p.waitFor(20, TimeUnit.MINUTES)) {
            p.destroyForcibly();
            throw new AssertionError("tpb " + String.join(" ", args) + " did not end in 20 minutes");
        }
        String out = Files.readString(dir.resolve(".stdout"), StandardCharsets.UTF_8);
        String err = Files.readString(dir.resolve(".stderr"), StandardCharsets.UTF_8);
        Files.delete(dir.resolve(".stdout"));
        Files.delete(dir.resolve(".stderr"));
        return new TpbProcess(p.exitValue(), out, err);
    }
}
