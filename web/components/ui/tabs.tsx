import * as TabsPrimitive from "@radix-ui/react-tabs";
import { styled } from "./styled";

export const Tabs = TabsPrimitive.Root;

export const TabsList = styled(
  TabsPrimitive.List,
  "inline-flex h-10 max-w-full items-center gap-1 overflow-x-auto rounded-lg bg-muted p-1 text-muted-foreground",
);

export const TabsTrigger = styled(
  TabsPrimitive.Trigger,
  "inline-flex h-8 cursor-pointer items-center justify-center gap-1.5 whitespace-nowrap rounded-md px-3 text-sm font-medium transition-colors hover:text-foreground focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-ring disabled:pointer-events-none disabled:opacity-50 data-[state=active]:bg-background data-[state=active]:text-foreground data-[state=active]:shadow-sm [&_svg]:size-4",
);

export const TabsContent = styled(
  TabsPrimitive.Content,
  "mt-4 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring",
);
