// A MongoDB wire-protocol server for tests: de.bwaldvogel mongo-java-server, in-memory backend,
// reporting server version 5.0, with the oplog enabled so that change streams work.
// Run: java -cp '.engines/mongo/lib/*' scripts/engines/MongoWireServer.java <port> [host]
// It prints one "listening <host>:<port>" line once it accepts connections, and exits when it gets
// SIGTERM or when its standard input closes (the parent test process went away), so a crashed test
// run never leaves a server behind.
import de.bwaldvogel.mongo.MongoServer;
import de.bwaldvogel.mongo.MongoVersion;
import de.bwaldvogel.mongo.backend.memory.MemoryBackend;

import java.io.IOException;
import java.io.InputStream;
import java.util.List;
import java.util.concurrent.CountDownLatch;

public class MongoWireServer {
    /**
     * MongoDB 5.0 as the handshake reports it. The library's own ServerVersion.MONGO_5_0 announces
     * maxWireVersion 8 (MongoDB 4.2's), which the Node.js driver 7 refuses (it needs 9+, MongoDB
     * 4.4+). Real 5.0 servers announce wire version 13; the version only feeds hello/buildInfo.
     */
    static final MongoVersion MONGO_5_0 = new MongoVersion() {
        @Override
        public List<Integer> getVersionArray() {
            return List.of(5, 0, 0);
        }

        @Override
        public int getWireVersion() {
            return 13;
        }
    };

    public static void main(String[] args) throws Exception {
        if (args.length < 1) {
            System.err.println("usage: MongoWireServer <port> [host]");
            System.exit(2);
        }
        int port = Integer.parseInt(args[0]);
        String host = args.length > 1 ? args[1] : "127.0.0.1";

        MemoryBackend backend = new MemoryBackend();
        backend.version(MONGO_5_0);
        MongoServer server = new MongoServer(backend);
        // Change streams read the oplog; without it `watch()` fails.
        server.enableOplog();
        server.bind(host, port);

        CountDownLatch done = new CountDownLatch(1);
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            server.shutdownNow();
            done.countDown();
        }));

        Thread stdinWatch = new Thread(() -> {
            try {
                InputStream in = System.in;
                while (in.read() != -1) {
                    // input is ignored; only its end matters
                }
            } catch (IOException ignored) {
                // treated like end of input
            }
            System.exit(0);
        }, "stdin-watch");
        stdinWatch.setDaemon(true);
        stdinWatch.start();

        System.out.println("listening " + host + ":" + port);
        System.out.flush();
        done.await();
    }
}
