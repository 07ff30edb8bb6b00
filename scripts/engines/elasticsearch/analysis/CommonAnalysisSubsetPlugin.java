// Test-harness plugin for the Elasticsearch distribution that Maven Central carries.
//
// Why it exists: Elastic publishes the Elasticsearch 8 server (org.elasticsearch:elasticsearch and
// the integ-test-zip distribution) to Maven Central, but not its `analysis-common` module, which is
// where the stock distribution registers `stemmer`, `edge_ngram`, `synonym_graph`, `asciifolding`
// and friends. The real analysis code is Lucene's (lucene-analysis-common ships in the server's
// lib/); this plugin only registers the handful of token filters mappings/profiles.json uses under
// their stock names, with the stock parameters, so the very same mapping file runs unchanged on a
// full Elasticsearch in production. It is never installed anywhere but the test engine.
package org.businessdiscovery.esanalysis;

import java.io.IOException;
import java.io.Reader;
import java.io.StringReader;
import java.text.ParseException;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;

import org.apache.lucene.analysis.Analyzer;
import org.apache.lucene.analysis.TokenStream;
import org.apache.lucene.analysis.Tokenizer;
import org.apache.lucene.analysis.core.FlattenGraphFilter;
import org.apache.lucene.analysis.en.EnglishMinimalStemFilter;
import org.apache.lucene.analysis.en.EnglishPossessiveFilter;
import org.apache.lucene.analysis.en.KStemFilter;
import org.apache.lucene.analysis.en.PorterStemFilter;
import org.apache.lucene.analysis.miscellaneous.ASCIIFoldingFilter;
import org.apache.lucene.analysis.ngram.EdgeNGramTokenFilter;
import org.apache.lucene.analysis.synonym.SolrSynonymParser;
import org.apache.lucene.analysis.synonym.SynonymGraphFilter;
import org.apache.lucene.analysis.synonym.SynonymMap;
import org.elasticsearch.common.settings.Settings;
import org.elasticsearch.index.IndexService.IndexCreationContext;
import org.elasticsearch.index.analysis.CharFilterFactory;
import org.elasticsearch.index.analysis.TokenFilterFactory;
import org.elasticsearch.index.analysis.TokenizerFactory;
import org.elasticsearch.indices.analysis.AnalysisModule.AnalysisProvider;
import org.elasticsearch.plugins.AnalysisPlugin;
import org.elasticsearch.plugins.Plugin;

public class CommonAnalysisSubsetPlugin extends Plugin implements AnalysisPlugin {

    @Override
    public Map<String, AnalysisProvider<TokenFilterFactory>> getTokenFilters() {
        return Map.of(
            "stemmer", (indexSettings, env, name, settings) -> stemmer(name, settings),
            "porter_stem", (indexSettings, env, name, settings) -> filter(name, PorterStemFilter::new),
            "kstem", (indexSettings, env, name, settings) -> filter(name, KStemFilter::new),
            "asciifolding", (indexSettings, env, name, settings) -> asciiFolding(name, settings),
            "edge_ngram", (indexSettings, env, name, settings) -> edgeNGram(name, settings),
            "synonym_graph", (indexSettings, env, name, settings) -> new SynonymFactory(name, settings, false),
            // Index-time synonyms must not leave a token graph for the indexer: flatten it, as the stock filter does.
            "synonym", (indexSettings, env, name, settings) -> new SynonymFactory(name, settings, true)
        );
    }

    private static TokenFilterFactory filter(String name, Function<TokenStream, TokenStream> create) {
        return new TokenFilterFactory() {
            @Override
            public String name() {
                return name;
            }

            @Override
            public TokenStream create(TokenStream input) {
                return create.apply(input);
            }
        };
    }

    /** The stock `stemmer` filter's English variants; any other language is refused, loudly. */
    private static TokenFilterFactory stemmer(String name, Settings settings) {
        String language = settings.get("language", settings.get("name", "porter")).toLowerCase(Locale.ROOT);
        switch (language) {
            case "english":
            case "porter":
                return filter(name, PorterStemFilter::new);
            case "light_english":
            case "kstem":
                return filter(name, KStemFilter::new);
            case "minimal_english":
                return filter(name, EnglishMinimalStemFilter::new);
            case "possessive_english":
                return filter(name, EnglishPossessiveFilter::new);
            default:
                throw new IllegalArgumentException("stemmer language [" + language + "] is not in the test engine's analysis subset");
        }
    }

    private static TokenFilterFactory asciiFolding(String name, Settings settings) {
        boolean preserveOriginal = settings.getAsBoolean("preserve_original", false);
        return new TokenFilterFactory() {
            @Override
            public String name() {
                return name;
            }

            @Override
            public TokenStream create(TokenStream input) {
                return new ASCIIFoldingFilter(input, preserveOriginal);
            }

            // Multi-term queries (prefix, wildcard) fold their terms too, like the stock filter.
            @Override
            public TokenStream normalize(TokenStream input) {
                return new ASCIIFoldingFilter(input, false);
            }
        };
    }

    private static TokenFilterFactory edgeNGram(String name, Settings settings) {
        int minGram = settings.getAsInt("min_gram", 1);
        int maxGram = settings.getAsInt("max_gram", 2);
        boolean preserveOriginal = settings.getAsBoolean("preserve_original", false);
        if (minGram < 1 || maxGram < minGram) {
            throw new IllegalArgumentException("edge_ngram needs 1 <= min_gram <= max_gram");
        }
        return filter(name, input -> new EdgeNGramTokenFilter(input, minGram, maxGram, preserveOriginal));
    }

    /**
     * `synonym_graph` / `synonym` with inline Solr-format `synonyms`. As in the stock filter, the rules
     * are parsed with the analysis chain that precedes the filter (tokenizer, char filters and earlier
     * token filters), so "Cafés" in a rule and "cafes" typed by a user meet as the same stemmed term.
     */
    private static final class SynonymFactory implements TokenFilterFactory {
        private final String name;
        private final Settings settings;
        private final boolean flatten;

        SynonymFactory(String name, Settings settings, boolean flatten) {
            this.name = name;
            this.settings = settings;
            this.flatten = flatten;
            if (settings.get("synonyms_path") != null || settings.get("synonyms_set") != null) {
                throw new IllegalArgumentException("the test engine's [" + name + "] supports inline `synonyms` only");
            }
            String format = settings.get("format", "solr");
            if (!"solr".equals(format)) {
                throw new IllegalArgumentException("the test engine's [" + name + "] supports the solr format only");
            }
        }

        @Override
        public String name() {
            return name;
        }

        @Override
        public TokenStream create(TokenStream input) {
            throw new IllegalStateException("synonym filter [" + name + "] must be specialised for its analysis chain first");
        }

        @Override
        public TokenFilterFactory getChainAwareTokenFilterFactory(
            IndexCreationContext context,
            TokenizerFactory tokenizer,
            List<CharFilterFactory> charFilters,
            List<TokenFilterFactory> previousTokenFilters,
            Function<String, TokenFilterFactory> allFilters
        ) {
            Analyzer ruleAnalyzer = new Analyzer() {
                @Override
                protected Reader initReader(String fieldName, Reader reader) {
                    for (CharFilterFactory charFilter : charFilters) {
                        reader = charFilter.create(reader);
                    }
                    return reader;
                }

                @Override
                protected TokenStreamComponents createComponents(String fieldName) {
                    Tokenizer source = tokenizer.create();
                    TokenStream stream = source;
                    for (TokenFilterFactory previous : previousTokenFilters) {
                        stream = previous.getSynonymFilter().create(stream);
                    }
                    return new TokenStreamComponents(source, stream);
                }
            };
            SynonymMap map = parse(ruleAnalyzer);
            boolean flattenGraph = flatten;
            return new TokenFilterFactory() {
                @Override
                public String name() {
                    return name;
                }

                @Override
                public TokenStream create(TokenStream input) {
                    if (map.fst == null) {
                        return input;
                    }
                    TokenStream synonyms = new SynonymGraphFilter(input, map, false);
                    return flattenGraph ? new FlattenGraphFilter(synonyms) : synonyms;
                }

                // Synonyms never take part in parsing another synonym filter's rules.
                @Override
                public TokenFilterFactory getSynonymFilter() {
                    return IDENTITY_FILTER;
                }
            };
        }

        private SynonymMap parse(Analyzer ruleAnalyzer) {
            List<String> rules = settings.getAsList("synonyms", List.of());
            boolean expand = settings.getAsBoolean("expand", true);
            SolrSynonymParser parser = new SolrSynonymParser(true, expand, ruleAnalyzer);
            try {
                parser.parse(new StringReader(String.join("\n", rules)));
                return parser.build();
            } catch (IOException | ParseException e) {
                throw new IllegalArgumentException("failed to build synonyms for [" + name + "]: " + e.getMessage(), e);
            }
        }
    }
}
